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
 * Peers kept within a request budget (client/rate-budget.ts) are asked in the order they can answer — the seconds
 * until their next slot, after the runs already queued for them — and only among those free soonest (within
 * AVAILABILITY_SLACK_MS) by what they delivered: while the chain is far behind, every peer's budget is the limit,
 * so a burst of runs spreads over all of them instead of queueing behind the best one. Without budgets (a peer of
 * one's own) every peer is free at once and the best is asked.
 */
const AVAILABILITY_SLACK_MS = 50;
/**
 * A peer whose slots are further apart than this (it announced a limit of six requests a minute or fewer, the 5 %
 * margin included: `x-ratelimit-limit`) is asked only when no peer with closer slots is open. Runs are taken in
 * chain order (run-queue.ts) and a run's transactions are asked after its headers, so each further request of its
 * run would hold every run behind it for one of its slots — a minute at a limit of one a minute. Its limit is still
 * kept; it is only not waited for. ARK Core's own limits are far closer: 0.63 s on its public API (100 a minute),
 * 2.5 s between getBlocks on its P2P port (docs/design/sync.md "Request budgets"). A bound, not a ratio to the
 * fastest peer: a peer announcing a huge limit must not push every other peer out of the choice.
 */
const SLOW_PEER_SPACING_MS = 10_000;

function waitOf(peer: PeerHealth, queued: number): number {
  const budget = peer.budget;
  if (budget === undefined) return 0;
  return budget.waitMs() + queued * budget.spacingMs();
}

export function choosePeer(
  candidates: readonly PeerHealth[],
  ledger: PeerLedger,
  usable: (peer: PeerHealth) => boolean,
  queued: (peer: PeerHealth) => number = () => 0,
): PeerHealth | undefined {
  const open = candidates
    .filter((peer) => usable(peer) && !peer.isBackingOff())
    .map((peer) => ({ peer, wait: waitOf(peer, queued(peer)) }));
  if (open.length === 0) return undefined;
  const brisk = open.filter(({ peer }) => (peer.budget?.spacingMs() ?? 0) <= SLOW_PEER_SPACING_MS);
  const paced = brisk.length > 0 ? brisk : open;
  const soonest = Math.min(...paced.map((entry) => entry.wait));
  let best: PeerHealth | undefined;
  let bestScore = -1;
  for (const { peer, wait } of paced) {
    if (wait > soonest + AVAILABILITY_SLACK_MS) continue;
    const score = (ledger.of(peer.url).deliveredPerRequest + DELIVERY_FLOOR) * peer.score();
    if (score > bestScore) {
      best = peer;
      bestScore = score;
    }
  }
  return best;
}
