/**
 * What the last send became, under the form: its id and its state as the pending list says it now (the host's
 * tx:status pushes), said once by the shell's announcer at each new state.
 */
import type { SendResult } from '../../../shared/domain/transactions';
import { useAnnounceChange } from '../../lib/announce';
import { plainNodeMessage } from '../../lib/node-words';
import { useVotary } from '../../store';
import { pendingStateKey } from '../pending/SentStatus';

export function SendOutcome({ result }: { result: SendResult | undefined }) {
  const status = useVotary((s) => s.pending);
  const sent = result === undefined ? undefined : (status.find((p) => p.id === result.id) ?? result.pending);
  // A refusal's reason is in the error banner already: said once.
  const sentWords =
    sent === undefined
      ? undefined
      : `Transaction ${sent.id.slice(0, 12)}…: ${
          sent.status === 'rejected'
            ? 'refused by the node (the reason is above).'
            : plainNodeMessage(sent.statusText)
        }`;
  useAnnounceChange(sentWords, sent === undefined ? undefined : pendingStateKey(sent));
  if (!sent) return null;
  return (
    // Silent: the shell's announcer says each new state once (lib/announce.ts).
    <p role="status" aria-live="off" data-testid="send-status">
      {sentWords}
    </p>
  );
}
