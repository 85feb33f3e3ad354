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
 *
 * Only what one answer shows is proof (docs/design/sync.md "Bans"). The examination asks again what the step's
 * answer showed, and asks in several requests, while the peer's own chain moves: a short fork at the tip resolves on
 * an honest node within a slot or two. So an answer that now holds our block at the tip, a chain that now ends
 * below our tip, or headers of one answer that do not follow those of another are "its chain changed between
 * answers": the peer backs off and is asked again, never banned for it.
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
  | { kind: 'short'; reason: string }
  | { kind: 'changed'; reason: string };

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
  // Which answer each height's header came from.
  const answerAt = new Map<number, number>();
  let answers = 0;
  for (let to = tip; to >= lowest && ancestor === undefined; to -= batchSize) {
    const from = Math.max(lowest, to - batchSize + 1);
    const batch = await download.headers(peer, from, to, { signal });
    answers++;
    if (batch.length !== to - from + 1) {
      return {
        kind: 'short',
        reason:
          `its chain changed between answers: it served a block at height ${tip}, then its chain ended at ` +
          `height ${from + batch.length - 1}`,
      };
    }
    for (const header of batch) answerAt.set(header.height, answers);
    for (let i = batch.length - 1; i >= 0; i--) {
      const header = batch[i]!;
      if (header.id === node.headerAt(header.height)?.id) {
        ancestor = header.height;
        break;
      }
      theirs.push(header);
    }
  }
  if (ancestor === tip) {
    return {
      kind: 'changed',
      reason: `its chain changed between answers: it served another block at height ${tip}, then ours`,
    };
  }
  const above = await download.headers(peer, tip + 1, tip + 1, { signal });
  answers++;
  for (const header of above) answerAt.set(header.height, answers);
  const competing = [...theirs.reverse(), ...above];
  const first = ancestor === undefined ? lowest : ancestor + 1;
  const parent = ancestor === undefined ? undefined : node.headerAt(ancestor);
  const fault = competingChainFault(competing, first, parent, node, search.network);
  const unchained = fault?.unchainedAt;
  if (unchained !== undefined && answerAt.get(unchained) !== answerAt.get(unchained - 1)) {
    return { kind: 'changed', reason: `its chain changed between answers: ${fault!.reason}` };
  }
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
