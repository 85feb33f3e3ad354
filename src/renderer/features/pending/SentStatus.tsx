/**
 * What became of a transaction a screen just sent, kept true as it moves: the store's pending entry for its id
 * (pushed by `tx:status`), not the answer of the moment it was sent — a vote confirmed a block later says so. The
 * transaction's id is said with it (to look it up, or to tell someone), unless the screen shows it already.
 */
import type { PendingView } from '../../../shared/domain/transactions';
import { useVotary } from '../../store';
import { plainNodeMessage } from '../../lib/node-words';

export function SentStatus({
  sent,
  what,
  withId = true,
}: {
  sent: PendingView;
  what?: string;
  withId?: boolean;
}) {
  const live = useVotary((s) => s.pending.find((entry) => entry.id === sent.id)) ?? sent;
  return (
    <p role="status" data-testid="sent-status">
      {what === undefined ? '' : `${what}: `}
      {/* A refusal's reason is in the error banner already: said once. */}
      {live.status === 'rejected'
        ? 'Refused by the node (the reason is above).'
        : plainNodeMessage(live.statusText)}
      {withId && (
        <>
          {' '}
          <span className="muted">
            Transaction <span className="mono small">{live.id}</span>
          </span>
        </>
      )}
    </p>
  );
}
