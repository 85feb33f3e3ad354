import type { Block } from '../../protocol/blocks';
import { isBlockRejectedError } from './errors';
import type { BlockStore } from './store';

/** What a batch committed: its first blocks, in order; the block that ended it, if one did, with its error. */
export interface BatchResult {
  applied: Block[];
  refused?: { block: Block; error: unknown };
}

/**
 * Validates and stores blocks in order, each exactly as `BlockStore.applyBlock` (nothing unverified is written),
 * all in one SQLite transaction (docs/design/sync.md "Batched commits"). `before` is the caller's own check of a
 * block (the follower's exceptions check). The first block refused — BlockRejectedError, or whatever `before`
 * throws — ends the batch: the blocks before it are committed and it is returned with its error. Any other error
 * (the disk, the database) commits nothing of the batch and is thrown.
 */
export function applyBatch(
  store: BlockStore,
  blocks: readonly Block[],
  options: { now: () => number; before?: (block: Block) => void },
): BatchResult {
  const applied: Block[] = [];
  let refused: BatchResult['refused'];
  store.batch(() => {
    for (const block of blocks) {
      try {
        options.before?.(block);
      } catch (error) {
        refused = { block, error };
        return;
      }
      try {
        store.applyBlock(block, { now: options.now() });
      } catch (error) {
        if (!isBlockRejectedError(error)) throw error;
        refused = { block, error };
        return;
      }
      applied.push(block);
    }
  });
  return refused === undefined ? { applied } : { applied, refused };
}
