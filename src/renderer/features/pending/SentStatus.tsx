/**
 * What became of a transaction a screen just sent, kept true as it moves: the store's pending entry for its id
 * (pushed by `tx:status`), not the answer of the moment it was sent — a vote confirmed a block later says so. The
 * transaction's id is said with it (to look it up, or to tell someone), unless the screen shows it already.
 * Screen readers hear each new state once, from the shell's announcer (lib/announce.ts): this line stays silent
 * so it is not said twice, and a growing count of confirmations is not said again at every block.
 */
import type { PendingView } from '../../../shared/domain/transactions';
import { useVotary } from '../../store';
import { plainNodeMessage } from '../../lib/node-words';
import { useAnnounceChange } from '../../lib/announce';

/** The key that changes when a pending entry's state does (not when only its count of confirmations grows). */
export function pendingStateKey(entry: Pick<PendingView, 'id' | 'status' | 'height'>): string {
  return `${entry.id}:${entry.status}:${entry.height ?? ''}`;
}

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
  // A refusal's reason is in the error banner already: said once.
  const words =
    live.status === 'rejected'
      ? 'Refused by the node (the reason is above).'
      : plainNodeMessage(live.statusText);
  useAnnounceChange(`${what ?? 'Transaction'}: ${words}`, pendingStateKey(live));
  return (
    <p role="status" aria-live="off" data-testid="sent-status">
      {what === undefined ? '' : `${what}: `}
      {words}
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
