/** Why a transaction waiting in a pool may be stuck (pending-tracker.ts): an earlier nonce of its sender, or its wait. */
import type { PendingRecord } from './pending-store';
import { FINAL_STATUSES } from './pending-store';
import { waitingForEarlier, waitingInPool } from './reasons';

/** After this many blocks in a pool without confirmation an entry gets a "stuck" reason. */
export const STUCK_AFTER_BLOCKS = 3;

/** The reason for `entry` at `tip`, among the list's `entries`; none while it has waited fewer blocks. */
export function stuckReason(
  entry: PendingRecord,
  tip: number,
  entries: Iterable<PendingRecord>,
): string | undefined {
  const waited = tip - entry.broadcastHeight;
  if (waited < STUCK_AFTER_BLOCKS) return undefined;
  const earlier = [...entries].find(
    (other) =>
      other.networkId === entry.networkId &&
      other.sender === entry.sender &&
      other.nonce < entry.nonce &&
      !FINAL_STATUSES.has(other.status),
  );
  return earlier === undefined ? waitingInPool(waited) : waitingForEarlier(earlier.nonce);
}
