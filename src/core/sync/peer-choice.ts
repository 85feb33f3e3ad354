/**
 * Whom the follower asks next (docs/design/sync.md "Peers"): among the peers not banned, not on another chain, not
 * rate limited and not backing off after a failure, the one that demonstrably delivered most — verified blocks per
 * request (peer-ledger.ts) times its health (recent successes and failures, and latency: client/peer-health.ts).
 * The height a peer claims plays no part: a liar claiming the most would otherwise be asked first, for ever.
 * A peer backing off is not asked until its backoff ends, so one that fails again and again is asked ever more
 * rarely (exponential backoff) while the others carry the sync.
 */
import type { PeerHealth } from '../client/peer-health';
import type { PeerLedger } from './peer-ledger';

/** Keeps a peer that delivered nothing lately (nothing was new) comparable by its health. */
const DELIVERY_FLOOR = 0.1;

/**
 * A peer kept within a request budget (client/rate-budget.ts) is rated by what it delivers per second of waiting:
 * its score divided by the seconds until it may be asked — after the runs already queued for it — so a burst of
 * runs spreads over every peer with room instead of queueing behind the best one.
 */
export function choosePeer(
  candidates: readonly PeerHealth[],
  ledger: PeerLedger,
  usable: (peer: PeerHealth) => boolean,
  queued: (peer: PeerHealth) => number = () => 0,
): PeerHealth | undefined {
  let best: PeerHealth | undefined;
  let bestScore = -1;
  for (const peer of candidates) {
    if (!usable(peer) || peer.isBackingOff()) continue;
    const budget = peer.budget;
    const waitMs =
      budget === undefined
        ? 0
        : budget.waitMs() + queued(peer) * (budget.limit().windowMs / budget.limit().limit);
    const score =
      ((ledger.of(peer.url).deliveredPerRequest + DELIVERY_FLOOR) * peer.score()) / (1 + waitMs / 1000);
    if (score > bestScore) {
      best = peer;
      bestScore = score;
    }
  }
  return best;
}
