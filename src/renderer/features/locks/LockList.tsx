/**
 * A wallet's open locks with their state and a live countdown, in either direction: the locks it sent (expired ones
 * can be refunded here) and the locks addressed to it (claimed here with the secret). Every lock id can be copied.
 */
import { useEffect, useState } from 'react';
import type { LockView } from '../../../shared/domain/chain';
import { Amount } from '../../components/Amount';
import { CopyButton } from '../../components/CopyButton';
import { incomingLocks, walletLocks } from '../../services/chain';
import { useVotary } from '../../store';
import { lockCountdown } from './lock-state';

export type LockDirection = 'sent' | 'incoming';

interface LockListProps {
  address: string;
  direction: LockDirection;
  /** Sent locks: refund an expired one. Incoming locks: claim one (the secret is asked for). */
  onAction: (lock: LockView) => void;
}

export function LockList({ address, direction, onAction }: LockListProps) {
  const height = useVotary((s) => s.node?.height);
  const reportError = useVotary((s) => s.reportError);
  const [locks, setLocks] = useState<LockView[]>([]);
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    const read = direction === 'sent' ? walletLocks : incomingLocks;
    read(address).then((page) => setLocks(page.data), reportError);
  }, [address, direction, height, reportError]);

  if (locks.length === 0) {
    return (
      <p className="muted">
        {direction === 'sent' ? 'No open locks from this wallet.' : 'No open locks addressed to this wallet.'}
      </p>
    );
  }
  return (
    <table aria-label={direction === 'sent' ? 'Your locks' : 'Locks you can claim'}>
      <thead>
        <tr>
          <th scope="col">Lock</th>
          <th scope="col">Amount</th>
          <th scope="col">State</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {locks.map((lock) => (
          <tr
            key={lock.lockId}
            data-testid={`${direction === 'sent' ? 'lock' : 'incoming-lock'}-${lock.lockId}`}
          >
            <td>
              <span className="mono small">{lock.lockId.slice(0, 16)}…</span>{' '}
              <CopyButton text={lock.lockId} label={`Copy lock id ${lock.lockId}`} />
              <br />
              <span className="mono small">
                {direction === 'sent'
                  ? `to ${lock.recipientId}`
                  : `from ${lock.senderPublicKey.slice(0, 16)}…`}
              </span>
            </td>
            <td>
              <Amount value={lock.amount} />
            </td>
            <td>{lockCountdown(lock, now, height)}</td>
            <td>
              {direction === 'sent' && lock.isExpired && (
                <button
                  type="button"
                  onClick={() => onAction(lock)}
                  aria-label={`Refund lock ${lock.lockId}`}
                >
                  Refund
                </button>
              )}
              {direction === 'incoming' && !lock.isExpired && (
                <button type="button" onClick={() => onAction(lock)} aria-label={`Claim lock ${lock.lockId}`}>
                  Claim
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
