/**
 * Which watched nodes' heights the monitor believes (docs/design/sync.md "Claims"). A watched node's height is its
 * word. The chain grows by at most one block a slot, so no node can truly be above the app's own node's tip plus the
 * slots begun since that tip's timestamp (protocol/time/height-bound.ts). A height above that is not believed: it
 * neither sets the best height nor makes the own node, or any other, "behind". Without an own tip to start from, the
 * bound counts the slots since the network's epoch: looser, but no claim of millions of blocks on a young chain.
 */
import type { Network } from '../protocol/networks';
import { epochTimestamp, heightBound } from '../protocol/time';
import type { NodeSnapshot } from './node-probe';

/** The highest height any watched node can truly have at `nowMs`, from the own node's snapshot. */
export function believableHeight(own: NodeSnapshot | undefined, network: Network, nowMs: number): number {
  if (own?.reachable === true && own.height !== undefined && own.lastBlockAt !== undefined)
    return heightBound(
      { height: own.height, timestamp: Math.max(0, epochTimestamp(own.lastBlockAt, network)) },
      network,
      nowMs,
    );
  return heightBound({ height: 1, timestamp: 0 }, network, nowMs);
}

/** Whether a snapshot's height is believed under `bound` (a node without a height claims nothing). */
export function heightBelieved(snapshot: NodeSnapshot, bound: number | undefined): boolean {
  return snapshot.height === undefined || bound === undefined || snapshot.height <= bound;
}
