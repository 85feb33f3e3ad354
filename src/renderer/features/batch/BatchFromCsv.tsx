/**
 * "Multipayment from a CSV file" on Send: the file's rows checked and previewed (batch-plan.ts), split into the
 * transactions the network allows; each transaction fills the Send form, to be reviewed and signed one at a time.
 */
import { useState, type ChangeEvent } from 'react';
import { Amount } from '../../components/Amount';
import { useVotary } from '../../store';
import { counted } from '../../lib/counts';
import { AddressName } from '../contacts/AddressName';
import { DEFAULT_MULTIPAYMENT_LIMIT, planBatch, type BatchPlan, type BatchTransaction } from './batch-plan';

export function BatchFromCsv({ onFill }: { onFill: (transaction: BatchTransaction) => void }) {
  const pubKeyHash = useVotary((s) => s.configuration?.pubKeyHash);
  const limit = useVotary((s) => s.configuration?.constants.multiPaymentLimit ?? DEFAULT_MULTIPAYMENT_LIMIT);
  const [file, setFile] = useState<{ name: string; plan: BatchPlan } | undefined>();
  const [filled, setFilled] = useState<number[]>([]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    setFilled([]);
    if (chosen === undefined || pubKeyHash === undefined) return;
    setFile({ name: chosen.name, plan: planBatch(await chosen.text(), pubKeyHash, limit) });
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
        Amounts in tokens with “.” as the decimal point. Payments with the same memo share a transaction, at
        most {limit} per transaction on this network.
      </p>
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
          {bad.length > 0 && (
            <ul className="small warning-note" aria-label="Rows left out">
              {bad.map((row) => (
                <li key={row.line}>
                  line {row.line}: {row.problem}
                </li>
              ))}
            </ul>
          )}
          <ol aria-label="Transactions from the file">
            {plan.transactions.map((transaction, i) => (
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
        </div>
      )}
    </details>
  );
}
