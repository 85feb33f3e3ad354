/**
 * A page of transactions with links to each one, its sender and its recipient (block and wallet pages). On a
 * wallet's page a column says what each did to that wallet's balance, from the host's ledger (`effect`), as the
 * wallet's own history does; a claim or refund shows the amount of the lock it closed.
 */
import type { TransactionView } from '../../../shared/domain/chain-views';
import type { PageView } from '../../../shared/domain/common';
import { Amount } from '../../components/Amount';
import { kindLabel, paidAmount } from './asset-lines';
import { shortId } from './explorer-nav';
import { ExplorerLink } from './ExplorerLink';
import { Pager } from './Pager';
import { chainTime } from '../../lib/dates';
import { amountFor } from '../wallet/history-row';

function ForWallet({ tx }: { tx: TransactionView }) {
  const { amount, sign } = amountFor(tx);
  return <Amount value={amount} {...(sign === undefined ? {} : { signed: sign })} />;
}

/** Only these types pay the `recipient` field; for the others ARK repeats the sender there. */
const PAYS_RECIPIENT = new Set<TransactionView['kind']>(['transfer', 'htlcLock']);

function To({ tx }: { tx: TransactionView }) {
  if (PAYS_RECIPIENT.has(tx.kind)) {
    return (
      <ExplorerLink to={{ page: 'wallet', address: tx.recipient }} mono>
        {tx.recipient}
      </ExplorerLink>
    );
  }
  if (tx.payments !== undefined) return <span>{tx.payments.length} recipients</span>;
  return <span className="muted">—</span>;
}

export function TransactionTable({
  page,
  caption,
  onPage,
}: {
  page: PageView<TransactionView>;
  caption: string;
  onPage: (page: number) => void;
}) {
  const forWallet = page.data.some((tx) => tx.effect !== undefined);
  return (
    <>
      <table className="explorer-table">
        <caption>
          {caption} ({page.meta.totalCount})
        </caption>
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Time</th>
            <th scope="col">Type</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Amount</th>
            <th scope="col">Fee</th>
            {forWallet && <th scope="col">This wallet</th>}
          </tr>
        </thead>
        <tbody>
          {page.data.map((tx) => (
            <tr key={tx.id}>
              <td>
                <ExplorerLink to={{ page: 'transaction', id: tx.id }} mono label={`Transaction ${tx.id}`}>
                  {shortId(tx.id)}
                </ExplorerLink>
              </td>
              <td>{chainTime(tx.timestamp)}</td>
              <td>{kindLabel(tx)}</td>
              <td>
                <ExplorerLink to={{ page: 'wallet', address: tx.sender }} mono>
                  {tx.sender}
                </ExplorerLink>
              </td>
              <td>
                <To tx={tx} />
              </td>
              <td>
                <Amount value={tx.lockOf?.amount ?? paidAmount(tx)} />
              </td>
              <td>
                <Amount value={tx.fee} />
              </td>
              {forWallet && (
                <td>
                  <ForWallet tx={tx} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {page.data.length === 0 && <p className="muted">No transactions.</p>}
      <Pager meta={page.meta} label={caption.toLowerCase()} onPage={onPage} />
    </>
  );
}
