/** A lock's state in words and its countdown: time locks by the clock, height locks by blocks. */
import type { LockView } from '../../../shared/domain/chain';

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
