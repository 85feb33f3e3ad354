/**
 * What became of a transaction a screen just sent, kept true as it moves: the store's pending entry for its id
 * (pushed by `tx:status`), not the answer of the moment it was sent — a vote confirmed a block later says so.
 */
import type { PendingView } from '../../../shared/domain/transactions';
import { useVotary } from '../../store';
import { plainNodeMessage } from '../../lib/node-words';

export function SentStatus({ sent, what }: { sent: PendingView; what?: string }) {
  const live = useVotary((s) => s.pending.find((entry) => entry.id === sent.id)) ?? sent;
  return (
    <p role="status" data-testid="sent-status">
      {what === undefined ? '' : `${what}: `}
      {/* A refusal's reason is in the error banner already: said once. */}
      {live.status === 'rejected'
        ? 'Refused by the node (the reason is above).'
        : plainNodeMessage(live.statusText)}
    </p>
  );
}
