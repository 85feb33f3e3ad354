import { useState } from 'react';
import type { PendingView } from '../../../shared/domain/transactions';
import { Amount } from '../../components/Amount';
import { CopyButton } from '../../components/CopyButton';
import { PendingAmount } from './PendingAmount';
import { kindLabel } from '../../lib/kinds';
import { useVotary } from '../../store';
import { canRebroadcast, reasonBesideStatus, settledSplit, STATUS_WORDS, statusWords } from './pending-rows';
import { plainNodeMessage } from '../../lib/node-words';
import { call } from '../../services/call';
import { AddressName } from '../contacts/AddressName';

function PendingRow({ entry, height }: { entry: PendingView; height: number | undefined }) {
  const pendingChanged = useVotary((s) => s.pendingChanged);
  const pendingRemoved = useVotary((s) => s.pendingRemoved);
  const reportError = useVotary((s) => s.reportError);
  // Which of the person's wallets sent it, by name (a faucet transfer has no wallet: its address is shown).
  const senderName = useVotary(
    (s) =>
      s.wallets.find((w) =>
        entry.walletId !== undefined ? w.id === entry.walletId : w.address === entry.sender,
      )?.name,
  );
  return (
    <tr data-testid={`pending-${entry.id}`}>
      <td className="pending-what">
        {kindLabel(entry)}
        <br />
        <span className="mono small" title={entry.id}>
          {entry.id.slice(0, 16)}…
        </span>{' '}
        <CopyButton text={entry.id} label={`Copy transaction id ${entry.id}`} />
        <span className="small pending-from" data-testid="pending-from">
          from {senderName === undefined ? <span className="mono">{entry.sender}</span> : senderName}
        </span>
        {entry.recipient && (
          <span className="small pending-to">
            to <span className="mono">{entry.recipient}</span>
            <AddressName address={entry.recipient} />
          </span>
        )}
      </td>
      <td>
        <PendingAmount entry={entry} />
        <br />
        <span className="muted small">
          fee <Amount value={entry.fee} />
        </span>
      </td>
      <td>
        <span className={`status status-${entry.status}`}>{STATUS_WORDS[entry.status]}</span>
        <br />
        <span data-testid="pending-status-words">{plainNodeMessage(statusWords(entry, height))}</span>
        {reasonBesideStatus(entry) !== undefined && (
          <p className="small">{plainNodeMessage(reasonBesideStatus(entry) ?? '')}</p>
        )}
        {entry.status !== 'confirmed' && (
          <p className="muted small">Expires after height {entry.expiresAtHeight}</p>
        )}
      </td>
      <td>
        <div className="pending-actions">
          {canRebroadcast(entry) && (
            <button
              type="button"
              aria-label={`Rebroadcast ${entry.id}`}
              onClick={() => void call('tx:rebroadcast', { id: entry.id }).then(pendingChanged, reportError)}
            >
              Rebroadcast
            </button>
          )}
          <button
            type="button"
            aria-label={`Dismiss ${entry.id}`}
            onClick={() =>
              void call('tx:dismiss', { id: entry.id }).then(() => pendingRemoved(entry.id), reportError)
            }
          >
            Dismiss
          </button>
        </div>
      </td>
    </tr>
  );
}

export function PendingPage() {
  const all = useVotary((s) => s.pending);
  // The node's tip, token and block time are one network's: its entries are counted and written with them, and the
  // other networks' are shown when theirs is active (a localnet confirmation counted from devnet's tip was millions).
  // Before the node has answered, the network list says which is active; knowing neither, every entry is shown.
  const networkId = useVotary((s) => s.node?.networkId ?? s.networks.find((network) => network.active)?.id);
  const height = useVotary((s) => (s.node?.networkId === networkId ? s.node?.height : undefined));
  const blockTime = useVotary((s) => s.configuration?.constants.blocktime ?? 8);
  const [showSettled, setShowSettled] = useState(false);
  const pending = networkId === undefined ? all : all.filter((entry) => entry.networkId === networkId);
  const elsewhere = all.length - pending.length;
  const { shown, settled } = settledSplit(pending, height, blockTime);
  const rows = showSettled ? pending : shown;
  return (
    <section aria-labelledby="pending-title">
      <h1 id="pending-title">Pending transactions</h1>
      {elsewhere > 0 && (
        <p className="muted" data-testid="pending-elsewhere">
          {elsewhere} {elsewhere === 1 ? 'transaction' : 'transactions'} sent on other networks: shown when
          that network is active.
        </p>
      )}
      {rows.length === 0 ? (
        <p className="muted">
          {settled.length === 0
            ? 'No transactions sent from this app on this network.'
            : 'Nothing waiting: everything sent is confirmed.'}
        </p>
      ) : (
        <table className="pending-table">
          <thead>
            <tr>
              <th scope="col">Transaction</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <PendingRow key={entry.id} entry={entry} height={height} />
            ))}
          </tbody>
        </table>
      )}
      {settled.length > 0 && (
        <button type="button" onClick={() => setShowSettled((on) => !on)} aria-pressed={showSettled}>
          {showSettled
            ? 'Hide settled transactions'
            : `Show ${settled.length} settled ${settled.length === 1 ? 'transaction' : 'transactions'} (confirmed over ten minutes ago)`}
        </button>
      )}
    </section>
  );
}
