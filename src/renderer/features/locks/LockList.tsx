/** The selected wallet's own locks with their state and a live countdown; expired ones can be refunded here. */
import { useEffect, useState } from 'react';
import type { LockView } from '../../../shared/domain/chain';
import { Amount } from '../../components/Amount';
import { walletLocks } from '../../services/chain';
import { useVotary } from '../../store';
import { lockCountdown } from './lock-state';

export function LockList({ address, onRefund }: { address: string; onRefund: (lockId: string) => void }) {
  const height = useVotary((s) => s.node?.height);
  const reportError = useVotary((s) => s.reportError);
  const [locks, setLocks] = useState<LockView[]>([]);
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    walletLocks(address).then((page) => setLocks(page.data), reportError);
  }, [address, height, reportError]);

  if (locks.length === 0) return <p className="muted">No open locks from this wallet.</p>;
  return (
    <table aria-label="Your locks">
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
          <tr key={lock.lockId} data-testid={`lock-${lock.lockId}`}>
            <td>
              <span className="mono small">{lock.lockId.slice(0, 16)}…</span>
              <br />
              <span className="mono small">to {lock.recipientId}</span>
            </td>
            <td>
              <Amount value={lock.amount} />
            </td>
            <td>{lockCountdown(lock, now, height)}</td>
            <td>
              {lock.isExpired && (
                <button
                  type="button"
                  onClick={() => onRefund(lock.lockId)}
                  aria-label={`Refund lock ${lock.lockId}`}
                >
                  Refund
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
