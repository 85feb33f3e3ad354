/** The latest confirmed transactions of all wallets, newest first, plus what this app sent that is still pending. */
import { useEffect, useState } from 'react';
import type { TransactionView } from '../../../shared/domain/chain';
import { Amount } from '../../components/Amount';
import { useVotary } from '../../store';
import { chainTime } from '../../lib/dates';
import { call } from '../../services/call';
import { amountFor } from '../wallet/history-row';

const SHOWN = 8;

/** A row's amount from the wallet it was read for, by the host's ledger (as the wallet's history says it). */
function RowAmount({ tx }: { tx: TransactionView }) {
  const { amount, sign } = amountFor(tx);
  return <Amount value={amount} {...(sign === undefined ? {} : { signed: sign })} />;
}

export function mergeRecent(lists: readonly TransactionView[][], count: number): TransactionView[] {
  const byId = new Map<string, TransactionView>();
  for (const list of lists) for (const tx of list) if (!byId.has(tx.id)) byId.set(tx.id, tx);
  return [...byId.values()]
    .sort((a, b) => (b.timestamp?.unix ?? Infinity) - (a.timestamp?.unix ?? Infinity))
    .slice(0, count);
}

export function RecentActivity() {
  const wallets = useVotary((s) => s.wallets);
  const height = useVotary((s) => s.node?.height ?? 0);
  const pending = useVotary((s) => s.pending);
  const reportError = useVotary((s) => s.reportError);
  const [recent, setRecent] = useState<TransactionView[]>([]);
  // Every few blocks is enough for a summary; the Wallet page follows each block.
  const tick = Math.floor(height / 5);
  const addresses = wallets.map((wallet) => wallet.address).join(',');

  useEffect(() => {
    if (addresses === '') return;
    let live = true;
    Promise.all(
      addresses
        .split(',')
        .map((address) => call('chain:wallet-transactions', { address, limit: SHOWN }).then((p) => p.data)),
    ).then((lists) => live && setRecent(mergeRecent(lists, SHOWN)), reportError);
    return () => {
      live = false;
    };
  }, [addresses, tick, reportError]);

  const open = pending.filter((entry) => entry.status !== 'confirmed');
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title">Recent activity</h2>
      {open.length > 0 && (
        <ul className="plain">
          {open.map((entry) => (
            <li key={entry.id}>
              {entry.kind} · <Amount value={entry.amount} /> · {entry.statusText}
            </li>
          ))}
        </ul>
      )}
      {recent.length === 0 ? (
        <p className="muted">No transactions yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Direction</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((tx) => (
              <tr key={tx.id}>
                <td>{chainTime(tx.timestamp)}</td>
                <td>{tx.kind}</td>
                <td>{tx.direction ?? ''}</td>
                <td>
                  <RowAmount tx={tx} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
