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

export function choosePeer(
  candidates: readonly PeerHealth[],
  ledger: PeerLedger,
  usable: (peer: PeerHealth) => boolean,
): PeerHealth | undefined {
  let best: PeerHealth | undefined;
  let bestScore = -1;
  for (const peer of candidates) {
    if (!usable(peer) || peer.isBackingOff()) continue;
    const score = (ledger.of(peer.url).deliveredPerRequest + DELIVERY_FLOOR) * peer.score();
    if (score > bestScore) {
      best = peer;
      bestScore = score;
    }
  }
  return best;
}
