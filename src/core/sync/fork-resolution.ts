/**
 * A peer's block at our tip height differs from ours (docs/design/sync.md "Forks"). The follower looks for the
 * highest height where both chains agree (at most `maxRevert` blocks back), then asks for the peer's headers from
 * there to one above our tip and checks them (fork-check.ts) before anything is reverted:
 *
 * - they verify and a common ancestor was found: revert to it; the next steps apply the peer's blocks in full;
 * - they verify but no ancestor is within the bound: the peer follows another chain, deeper than the follower
 *   reverts on its own; that peer is no longer followed (our chain stays, the others are still asked);
 * - they verify but end no higher than our tip: not (yet) a reason to switch; the peer backs off;
 * - anything else: proof the peer serves blocks nobody scheduled; it is banned and our chain stays.
 */
import type { BlockHeader } from '../protocol/blocks';
import type { Network } from '../protocol/networks';
import type { BlockDownload } from './block-download';
import type { FollowedNode } from './followed-node';
import { competingChainFault } from './fork-check';

export type ForkOutcome =
  | { kind: 'revert'; ancestor: number }
  | { kind: 'ban'; reason: string }
  | { kind: 'diverged'; reason: string }
  | { kind: 'short'; reason: string };

export interface ForkSearch {
  node: FollowedNode;
  network: Network;
  download: BlockDownload;
  batchSize: number;
  maxRevert: number;
  signal: AbortSignal;
}

/** Decides what the fork is; download failures are thrown (the peer's, as any request's). */
export async function examineFork(
  peer: Parameters<BlockDownload['headers']>[0],
  search: ForkSearch,
): Promise<ForkOutcome> {
  const { node, download, batchSize, signal } = search;
  const tip = node.height;
  const lowest = Math.max(1, tip - search.maxRevert);
  let ancestor: number | undefined;
  const theirs: BlockHeader[] = [];
  for (let to = tip; to >= lowest && ancestor === undefined; to -= batchSize) {
    const from = Math.max(lowest, to - batchSize + 1);
    const batch = await download.headers(peer, from, to, { signal });
    if (batch.length !== to - from + 1) {
      return { kind: 'ban', reason: `it served a block at height ${tip} but not its chain below it` };
    }
    for (let i = batch.length - 1; i >= 0; i--) {
      const header = batch[i]!;
      if (header.id === node.headerAt(header.height)?.id) {
        ancestor = header.height;
        break;
      }
      theirs.push(header);
    }
  }
  if (ancestor === tip)
    return { kind: 'ban', reason: `block ${tip}: it served two different blocks for that height` };
  const above = await download.headers(peer, tip + 1, tip + 1, { signal });
  const competing = [...theirs.reverse(), ...above];
  const first = ancestor === undefined ? lowest : ancestor + 1;
  const parent = ancestor === undefined ? undefined : node.headerAt(ancestor);
  const fault = competingChainFault(competing, first, parent, node, search.network);
  if (fault?.kind === 'invalid') return { kind: 'ban', reason: `no fork to follow: ${fault.reason}` };
  if (fault?.kind === 'short')
    return { kind: 'short', reason: `its other chain is not longer: ${fault.reason}` };
  if (ancestor === undefined) {
    return {
      kind: 'diverged',
      reason:
        `its chain (verified from height ${lowest} to ${tip + 1}) left ours more than ${search.maxRevert} blocks ` +
        'back, deeper than the follower reverts on its own: it is not followed any more (check the peers, or ' +
        'start from an empty data directory)',
    };
  }
  return { kind: 'revert', ancestor };
}
