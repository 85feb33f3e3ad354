/**
 * The block at the tip a node's /node/syncing named (height and id), taking a kept /blocks/last of that node when
 * it is that very block (shared-answers.ts): a block is the same whenever it was read, so its age does not matter.
 * One read before the tip moved is another block: the node is asked again, joining a request for it already on its
 * way (two pollers that saw the new tip together ask once). An answer still below the tip came from a request sent
 * before the tip moved, and is asked once more. What is said of the tip is never older than the /node/syncing answer
 * it follows.
 */
import type { BlockRecord, CallOptions, NodeSyncing } from '../domain';

export async function tipBlock(
  reads: { lastBlock(options?: CallOptions): Promise<BlockRecord> },
  syncing: Pick<NodeSyncing, 'height' | 'id'>,
): Promise<BlockRecord> {
  const kept = await reads.lastBlock({ reuseWithinMs: Number.POSITIVE_INFINITY });
  if (kept.height === syncing.height && kept.id === syncing.id) return kept;
  const joined = await reads.lastBlock({ reuseWithinMs: 0 });
  return joined.height >= syncing.height ? joined : reads.lastBlock();
}
