/**
 * A wallet's open locks with their state and a live countdown, in either direction: the locks it sent (expired ones
 * can be refunded here) and the locks addressed to it (claimed here with the secret). Every lock id can be copied.
 */
import { useShallow } from 'zustand/react/shallow';
import { useEffect, useState } from 'react';
import type { LockView } from '../../../shared/domain/chain-views';
import { Amount } from '../../components/Amount';
import { CopyButton } from '../../components/CopyButton';
import { useVotary } from '../../store';
import { LOCK_STATE_WORDS, lockCountdown, sentLockRows } from './lock-state';
import { useLockStates, useOpenLocks, type LockDirection } from '../../lib/reads/locks';

export type { LockDirection };

interface LockListProps {
  address: string;
  direction: LockDirection;
  /** Sent locks: refund an expired one. Incoming locks: claim one (the secret is asked for). */
  onAction: (lock: LockView) => void;
}

export function LockList({ address, direction, onAction }: LockListProps) {
  const height = useVotary((s) => s.node?.height);
  const reportError = useVotary((s) => s.reportError);
  // This app's recent locks from this wallet (its Pending list), followed after they leave the open list.
  const recent = useVotary((s) =>
    direction === 'sent'
      ? s.pending
          .filter((p) => p.kind === 'htlcLock' && p.sender === address && p.status !== 'rejected')
          .map((p) => p.id)
          .slice(0, 100)
          .join(',')
      : '',
  );
  // A closed lock leaves the node's list: what this app sent (amount, recipient) still names it.
  const sentLocks = useVotary(
    useShallow((s) =>
      direction === 'sent' ? s.pending.filter((p) => p.kind === 'htlcLock' && p.sender === address) : [],
    ),
  );
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const locks = useOpenLocks(address, direction, reportError);
  const states = useLockStates(recent === '' ? [] : recent.split(','), reportError);
  const rows =
    direction === 'sent'
      ? sentLockRows(locks, recent === '' ? [] : states)
      : locks.map((lock) => ({
          lockId: lock.lockId,
          lock,
          state: lock.isExpired ? ('expired' as const) : ('open' as const),
        }));

  if (rows.length === 0) {
    return (
      <p className="muted">
        {direction === 'sent' ? 'No locks from this wallet.' : 'No open locks addressed to this wallet.'}
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
        {rows.map(({ lockId, lock, state }) => {
          const sent = sentLocks.find((p) => p.id === lockId);
          const recipient = lock?.recipientId ?? sent?.recipient;
          const amount = lock?.amount ?? sent?.amount;
          return (
            <tr key={lockId} data-testid={`${direction === 'sent' ? 'lock' : 'incoming-lock'}-${lockId}`}>
              <td>
                <span className="mono small">{lockId.slice(0, 16)}…</span>{' '}
                <CopyButton text={lockId} label={`Copy lock id ${lockId}`} />
                {direction === 'sent' && recipient !== undefined && (
                  <>
                    <br />
                    <span className="mono small">to {recipient}</span>
                  </>
                )}
                {direction === 'incoming' && lock !== undefined && (
                  <>
                    <br />
                    <span className="mono small">from {lock.senderAddress ?? lock.senderPublicKey}</span>
                  </>
                )}
              </td>
              <td>{amount === undefined ? '—' : <Amount value={amount} />}</td>
              <td data-testid="lock-state">
                {state === 'open' && lock !== undefined
                  ? lockCountdown(lock, now, height)
                  : LOCK_STATE_WORDS[state]}
              </td>
              <td>
                {direction === 'sent' && state === 'expired' && lock !== undefined && (
                  <button type="button" onClick={() => onAction(lock)} aria-label={`Refund lock ${lockId}`}>
                    Refund
                  </button>
                )}
                {direction === 'incoming' && state === 'open' && lock !== undefined && (
                  <button type="button" onClick={() => onAction(lock)} aria-label={`Claim lock ${lockId}`}>
                    Claim
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
