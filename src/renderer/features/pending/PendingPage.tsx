import { Amount } from '../../components/Amount';
import { dismissPending, rebroadcast } from '../../services/transactions';
import { useVotary } from '../../store';

export function PendingPage() {
  const pending = useVotary((s) => s.pending);
  const pendingChanged = useVotary((s) => s.pendingChanged);
  const pendingRemoved = useVotary((s) => s.pendingRemoved);
  const reportError = useVotary((s) => s.reportError);
  return (
    <section aria-labelledby="pending-title">
      <h1 id="pending-title">Pending transactions</h1>
      {pending.length === 0 ? (
        <p className="muted">No transactions sent from this app.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Transaction</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {pending.map((entry) => (
              <tr key={entry.id} data-testid={`pending-${entry.id}`}>
                <td>
                  {entry.kind}
                  <br />
                  <span className="mono small">{entry.id.slice(0, 16)}…</span>
                  {entry.recipient && <span className="mono small"> → {entry.recipient}</span>}
                </td>
                <td>
                  <Amount value={entry.amount} />
                </td>
                <td>
                  <span className={`status status-${entry.status}`}>{entry.status}</span>
                  <br />
                  {entry.statusText}
                  {entry.reason && <p className="small">{entry.reason}</p>}
                  <p className="muted small">Expires after height {entry.expiresAtHeight}</p>
                </td>
                <td className="row wrap">
                  {entry.status !== 'confirmed' && (
                    <button
                      type="button"
                      aria-label={`Rebroadcast ${entry.id}`}
                      onClick={() => void rebroadcast(entry.id).then(pendingChanged, reportError)}
                    >
                      Rebroadcast
                    </button>
                  )}
                  <button
                    type="button"
                    aria-label={`Dismiss ${entry.id}`}
                    onClick={() =>
                      void dismissPending(entry.id).then(() => pendingRemoved(entry.id), reportError)
                    }
                  >
                    Dismiss
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
