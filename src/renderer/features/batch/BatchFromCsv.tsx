/**
 * "Multipayment from a CSV file" on Send: the file's rows checked and previewed (batch-plan.ts), split into the
 * transactions the network allows; each transaction fills the Send form, to be reviewed and signed one at a time.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { Amount } from '../../components/Amount';
import { LeftOutList } from '../../components/LeftOutList';
import { useVotary } from '../../store';
import { counted } from '../../lib/counts';
import { AddressName } from '../contacts/AddressName';
import type { BatchPlan, BatchTransaction } from './batch-plan';
import { planBatchFile } from './plan-batch-file';

/** Transactions listed at first, then more on request (a file of distinct memos may make thousands). */
const TRANSACTIONS_LISTED = 50;

export function BatchFromCsv({ onFill }: { onFill: (transaction: BatchTransaction) => void }) {
  const pubKeyHash = useVotary((s) => s.configuration?.pubKeyHash);
  // The host's limit (networks:configuration fills in ARK's default where the node says none).
  const limit = useVotary((s) => s.configuration?.constants.multiPaymentLimit);
  const [file, setFile] = useState<{ name: string; plan: BatchPlan } | undefined>();
  const [reading, setReading] = useState<string | undefined>();
  const [filled, setFilled] = useState<number[]>([]);
  const [listed, setListed] = useState(TRANSACTIONS_LISTED);
  // Only the last file chosen is shown, whichever plan finishes first.
  const latest = useRef(0);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    setFilled([]);
    setListed(TRANSACTIONS_LISTED);
    if (chosen === undefined || pubKeyHash === undefined || limit === undefined) return;
    const turn = ++latest.current;
    setFile(undefined);
    setReading(chosen.name);
    const plan = await planBatchFile(chosen, pubKeyHash, limit);
    if (turn !== latest.current) return;
    setReading(undefined);
    setFile({ name: chosen.name, plan });
  };
  const plan = file?.plan;
  const bad = plan?.ok === true ? plan.rows.filter((row) => row.problem !== undefined) : [];

  return (
    <details className="card">
      <summary>Multipayment from a CSV file (address, amount, memo)</summary>
      <label>
        CSV file of payments
        <input type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} />
      </label>
      <p className="muted small">
        Amounts in tokens with “.” as the decimal point. Payments with the same memo share a transaction
        {limit === undefined ? '.' : `, at most ${limit} per transaction on this network.`}
      </p>
      {reading !== undefined && <p role="status">Reading “{reading}”…</p>}
      {plan?.ok === false && (
        <p className="warning-note" role="alert">
          {plan.message}
        </p>
      )}
      {plan?.ok === true && (
        <div data-testid="batch-preview">
          <p>
            {file?.name}: {plan.rows.length - bad.length} payments in {plan.transactions.length} transaction
            {plan.transactions.length === 1 ? '' : 's'}, <Amount value={plan.total} /> in all, fees aside
            {bad.length > 0 ? `; ${counted(bad.length, 'row')} left out` : ''}.
          </p>
          <LeftOutList
            rows={bad.map((row) => ({
              at: `line ${row.line}`,
              reason: row.problem ?? '',
              ...(row.kind === undefined ? {} : { kind: row.kind }),
            }))}
          />
          <ol aria-label="Transactions from the file">
            {plan.transactions.slice(0, listed).map((transaction, i) => (
              <li key={i}>
                {transaction.payments.length} payment{transaction.payments.length === 1 ? '' : 's'},{' '}
                <Amount value={transaction.total} />
                {transaction.memo === '' ? '' : ` · memo “${transaction.memo}”`}
                {transaction.payments.length <= 3 &&
                  transaction.payments.map((p) => (
                    <span key={p.recipientId} className="mono small">
                      {' '}
                      {p.recipientId}
                      <AddressName address={p.recipientId} />
                    </span>
                  ))}{' '}
                <button
                  type="button"
                  onClick={() => {
                    onFill(transaction);
                    setFilled([...filled, i]);
                  }}
                >
                  {filled.includes(i) ? 'Fill the form again' : `Fill the form with transaction ${i + 1}`}
                </button>
              </li>
            ))}
          </ol>
          {plan.transactions.length > listed && (
            <button type="button" onClick={() => setListed(listed + TRANSACTIONS_LISTED)}>
              Show {Math.min(TRANSACTIONS_LISTED, plan.transactions.length - listed)} more of{' '}
              {counted(plan.transactions.length - listed, 'transaction')} not listed
            </button>
          )}
        </div>
      )}
    </details>
  );
}
