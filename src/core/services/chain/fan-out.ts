/**
 * The reads one answer of a node fans out into — the delegates a vote names (explorer-reads.ts), the locks the
 * claims and refunds of a history page close (wallet-history.ts) — run at most FAN_OUT_READS at a time. A remote
 * network's peer keeps only the request budget it announces (client/peer-budgets.ts, rate-budget.ts), none when it
 * announces none, so the length of an answer must not become the number of requests in flight.
 */
import { mapLimited } from '../../../shared/lib/map-limited';

export const FAN_OUT_READS = 4;

export function fanOut<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  return mapLimited(items, FAN_OUT_READS, read);
}
