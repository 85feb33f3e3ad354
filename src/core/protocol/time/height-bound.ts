/**
 * How tall a DPoS chain can be (docs/design/sync.md "Claims"): one block per slot at most, so above our last
 * verified block there can be no more blocks than slots have begun since its timestamp. A peer claiming more is
 * not believed — not by the follower's status, not by its peer choice, not by the monitor's best height. One slot
 * of slack covers a clock a little behind.
 *
 * The slot length is the smallest blocktime of the network's milestones (protocol/time "slots": the most blocks a
 * span could hold), so that a later milestone that shortens the blocktime never makes an honest claim a lie.
 */
import type { BlockHeader } from '../blocks/types';
import type { Network } from '../networks';
import { epochTimestamp } from './epoch';

const SLACK_SLOTS = 1;

export function shortestBlocktime(network: Network): number {
  let shortest = Number.POSITIVE_INFINITY;
  for (const milestone of network.milestones) {
    const blocktime = (milestone as { blocktime?: unknown }).blocktime;
    if (typeof blocktime === 'number' && blocktime > 0) shortest = Math.min(shortest, blocktime);
  }
  return Number.isFinite(shortest) ? shortest : 8;
}

/** The highest height the chain can have reached at `nowMs`, given our verified tip. */
export function heightBound(
  tip: Pick<BlockHeader, 'height' | 'timestamp'>,
  network: Network,
  nowMs: number,
): number {
  const blocktime = shortestBlocktime(network);
  const slots =
    Math.floor(epochTimestamp(nowMs, network) / blocktime) - Math.floor(tip.timestamp / blocktime);
  return tip.height + Math.max(0, slots) + SLACK_SLOTS;
}
