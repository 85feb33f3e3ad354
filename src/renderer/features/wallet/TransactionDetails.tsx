/**
 * One history row opened: everything about the transaction from this wallet's side, amounts to the last arktoshi
 * written as the history list writes them (`signedAmountInWords`: "−1.5 VTY", never "−1.50000000 VTY"),
 * and a link to its explorer page (which also survives a reload: `#/explorer/<id>`).
 */
import { useRef } from 'react';
import { useFocusScope } from '../../lib/use-focus-scope';
import type { TransactionView } from '../../../shared/domain/chain-views';
import { CopyButton } from '../../components/CopyButton';
import { signedAmountInWords } from '../../lib/amount';
import { chainTime } from '../../lib/dates';
import { useVotary } from '../../store';
import { tokenName } from '../../store/node-slice';
import { historyRow, nameOf, type KnownNames } from './history-row';

export function TransactionDetails({
  tx,
  address,
  names,
  onClose,
}: {
  tx: TransactionView;
  address: string;
  names: KnownNames;
  onClose: () => void;
}) {
  const symbol = useVotary(tokenName);
  const openExplorer = useVotary((s) => s.openExplorer);
  const close = useRef<HTMLButtonElement>(null);
  const row = historyRow(tx, address, names);
  const full = (value: string) => signedAmountInWords(value, symbol);
  const dialog = useRef<HTMLElement>(null);
  useFocusScope(dialog, true, { modal: true, initial: close, onEscape: onClose });
  const party = (who: string) => {
    const name = nameOf(who, names);
    return name === undefined ? who : `${name} · ${who}`;
  };
  return (
    <div className="review-backdrop">
      <section
        className="card review"
        role="dialog"
        aria-modal="true"
        aria-label="Transaction details"
        ref={dialog}
      >
        <h2>{row.what}</h2>
        <dl className="facts">
          <dt>Amount</dt>
          <dd data-testid="details-amount" className={row.sign === undefined ? '' : `amount-${row.sign}`}>
            {signedAmountInWords(row.amount, symbol, row.sign)}
            {row.note === undefined ? '' : ` (${row.note})`}
          </dd>
          <dt>Fee</dt>
          <dd data-testid="details-fee">
            {full(tx.fee)}
            {tx.sender === address ? '' : ' (paid by the sender)'}
          </dd>
          <dt>From</dt>
          <dd className="mono small">{party(tx.sender)}</dd>
          {tx.payments === undefined ? (
            tx.recipient !== '' && (
              <>
                <dt>To</dt>
                <dd className="mono small">{party(tx.recipient)}</dd>
              </>
            )
          ) : (
            <>
              <dt>Payments</dt>
              <dd>
                <ul className="plain">
                  {tx.payments.map((p, i) => (
                    <li key={i} className="mono small">
                      {full(p.amount)} to {party(p.recipientId)}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
          {row.memo !== undefined && (
            <>
              <dt>Memo</dt>
              <dd data-testid="details-memo">{row.memo}</dd>
            </>
          )}
          <dt>Time</dt>
          <dd>{chainTime(tx.timestamp)}</dd>
          <dt>Confirmations</dt>
          <dd>{tx.confirmations}</dd>
          {tx.nonce !== undefined && (
            <>
              <dt>Nonce</dt>
              <dd>{tx.nonce}</dd>
            </>
          )}
          <dt>Transaction id</dt>
          <dd className="mono small">
            {tx.id} <CopyButton text={tx.id} label="Copy the transaction id" />
          </dd>
        </dl>
        <div className="row">
          <button type="button" onClick={() => openExplorer(tx.id)}>
            Open in the explorer
          </button>
          <button type="button" ref={close} onClick={onClose}>
            Close
          </button>
        </div>
      </section>
    </div>
  );
}
