import type { PendingView } from '../../../shared/domain/transactions';
import { Amount } from '../../components/Amount';
import { lockMoved } from './pending-rows';

/**
 * A pending entry's amount: what it sends, or for an HTLC claim or refund what it moves in words ("claims 5 VTY",
 * "refunds 3 VTY"), never its own amount of 0.
 */
export function PendingAmount({ entry }: { entry: Pick<PendingView, 'kind' | 'amount' | 'lockAmount'> }) {
  const moved = lockMoved(entry);
  if (moved === undefined) return <Amount value={entry.amount} />;
  if (moved.amount === undefined) return <span className="amount">{moved.verb} the lock</span>;
  return (
    <span data-testid="pending-lock-amount">
      {moved.verb} <Amount value={moved.amount} />
    </span>
  );
}
