/**
 * What each broadcast from this page became, kept after its proposal has gone from the list (the server deletes
 * its copy once a node accepted it): the transaction's id, then its state as the pending list follows it — in the
 * pool, "Confirmed in block N", or refused and why (SentStatus reads the store's entry, pushed by `tx:status`).
 */
import type { SendResult } from '../../../shared/domain/transactions';
import { plainNodeMessage } from '../../lib/node-words';
import { SentStatus } from '../pending/SentStatus';

export interface Broadcast {
  what: string;
  result: SendResult;
}

export function BroadcastOutcomes({ broadcasts }: { broadcasts: readonly Broadcast[] }) {
  if (broadcasts.length === 0) return null;
  return (
    <section className="card" aria-label="Broadcast from this page" data-testid="musig-broadcasts">
      {broadcasts.map(({ what, result }) => (
        <div key={result.id} data-testid="musig-broadcast">
          <p>
            {what}: {result.accepted ? 'broadcast as transaction ' : 'transaction '}
            <span className="mono small">{result.id}</span>
            {result.accepted
              ? '.'
              : ` was refused: ${plainNodeMessage(result.error?.message ?? 'no reason given')}`}
          </p>
          {result.accepted && <SentStatus sent={result.pending} withId={false} />}
        </div>
      ))}
    </section>
  );
}
