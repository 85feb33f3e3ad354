/**
 * Which watched nodes' heights the monitor believes (docs/design/sync.md "Claims"). A watched node's height is its
 * word. The chain grows by at most one block a slot, so no node can truly be above the slots begun since the
 * network's epoch, nor — when the app's own node is verified in this process (MonitorTarget.ownVerified) — above its
 * tip plus the slots begun since that tip's timestamp (protocol/time/height-bound.ts). A height above that is not
 * believed: it neither sets the best height nor makes any node "behind". A remote network's first peer is watched
 * as "my node" too, but its word bounds nothing: a liar there would otherwise raise the bound to its own claim.
 */
import type { Network } from '../protocol/networks';
import { epochTimestamp, heightBound } from '../protocol/time';
import type { NodeSnapshot } from './node-probe';

/** The highest height any watched node can truly have at `nowMs`; `own` only when its chain is verified here. */
export function believableHeight(own: NodeSnapshot | undefined, network: Network, nowMs: number): number {
  const sinceEpoch = heightBound({ height: 1, timestamp: 0 }, network, nowMs);
  if (own?.reachable !== true || own.height === undefined || own.lastBlockAt === undefined) return sinceEpoch;
  const sinceTip = heightBound(
    { height: own.height, timestamp: Math.max(0, epochTimestamp(own.lastBlockAt, network)) },
    network,
    nowMs,
  );
  return Math.min(sinceTip, sinceEpoch);
}

/** Whether a snapshot's height is believed under `bound` (a node without a height claims nothing). */
export function heightBelieved(snapshot: NodeSnapshot, bound: number | undefined): boolean {
  return snapshot.height === undefined || bound === undefined || snapshot.height <= bound;
}
