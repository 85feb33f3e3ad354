/** A lock's state in words and its countdown: time locks by the clock, height locks by blocks. */
import type { LockStateView, LockView } from '../../../shared/domain/chain-views';

export function lockCountdown(lock: LockView, nowUnix: number, height: number | undefined): string {
  if (lock.isExpired) return 'Expired: the sender can refund it';
  if (lock.expirationType === 'height') {
    if (height === undefined) return `Expires at height ${lock.expirationValue}`;
    const left = lock.expirationValue - height;
    return left <= 0
      ? 'Expiring now'
      : `Expires in ${left} block${left === 1 ? '' : 's'} (height ${lock.expirationValue})`;
  }
  if (lock.expiresAtUnix === undefined) return 'Open';
  const seconds = lock.expiresAtUnix - nowUnix;
  if (seconds <= 0) return 'Expiring now';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `Expires in ${h > 0 ? `${h} h ` : ''}${m > 0 || h > 0 ? `${m} min ` : ''}${s} s`;
}

/**
 * Why a lock's expiry would be refused by the network, or undefined: nodes take only an expiry more than one
 * round past the chain tip (the HTLC lock rule: `activeDelegates` blocks, or `activeDelegates × blocktime`
 * seconds, from the last block), so the form says so before anything is signed.
 */
export function lockExpiryProblem(
  type: 'time' | 'height',
  text: string,
  round: number | undefined,
  blocktime: number | undefined,
): string | undefined {
  if (!/^\d{1,9}$/.test(text.trim()) || Number(text) < 1) {
    return `Enter a whole number of ${type === 'time' ? 'seconds' : 'blocks'}.`;
  }
  const after = Number(text);
  if (round === undefined || round === 0) return undefined;
  if (type === 'height') {
    return after > round
      ? undefined
      : `Nodes take a lock only more than one round ahead: over ${round} blocks.`;
  }
  if (blocktime === undefined) return undefined;
  const minimum = round * blocktime;
  return after > minimum
    ? undefined
    : `Nodes take a lock only more than one round ahead: over ${minimum} seconds (${round} blocks of ${blocktime} s).`;
}

/** A closed or not-yet-open lock's state in words (open ones show their countdown instead). */
export const LOCK_STATE_WORDS: Record<LockStateView['state'], string> = {
  pending: 'Pending: waiting for a block',
  open: 'Open',
  expired: 'Expired: the sender can refund it',
  claimed: 'Claimed by the recipient',
  refunded: 'Refunded to the sender',
  unknown: 'Not on the chain: refused, or dropped from the pool',
};

/**
 * The sent locks to show: the chain's open ones, then this app's recent locks that are not open (pending, or closed
 * by a claim or a refund), with their state, so a lock does not vanish without saying what happened to it.
 */
export function sentLockRows(
  open: readonly LockView[],
  states: readonly LockStateView[],
): Array<{ lockId: string; lock?: LockView; state: LockStateView['state'] }> {
  const rows: Array<{ lockId: string; lock?: LockView; state: LockStateView['state'] }> = open.map(
    (lock) => ({
      lockId: lock.lockId,
      lock,
      state: lock.isExpired ? 'expired' : 'open',
    }),
  );
  const shown = new Set(open.map((lock) => lock.lockId));
  for (const state of states) {
    if (shown.has(state.lockId)) continue;
    if (state.lock !== undefined) rows.push({ lockId: state.lockId, lock: state.lock, state: state.state });
    else rows.push({ lockId: state.lockId, state: state.state });
  }
  return rows;
}
