/**
 * Send: a transfer, or a multipayment with two or more recipients. Form → review (every full recipient address)
 * → main signs and broadcasts (`tx:send`).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { FeesView } from '../../../shared/domain/chain';
import type { SendResult } from '../../../shared/domain/transactions';
import { Amount } from '../../components/Amount';
import { amountInWords, decimalSeparatorOf } from '../../lib/amount';
import { feeFor, HIGH_FEE_MULTIPLE, highFeeReason, type FeeChoice } from '../../lib/fees';
import { fees as loadFees } from '../../services/chain';
import { feeCeiling, sendDraft } from '../../services/transactions';
import { useVotary } from '../../store';
import { selectedWallet } from '../../store/wallets-slice';
import { WalletPicker } from '../common/WalletPicker';
import { amountProblem, planSend, type RecipientRow } from './recipients';

const FEE_LABELS: Record<FeeChoice, string> = {
  static: 'Standard',
  min: 'Minimum',
  avg: 'Average',
  max: 'Maximum',
};
const EMPTY: RecipientRow = { address: '', amount: '' };
/** The person's locale decides the one decimal separator amounts are typed with. */
const DECIMAL = decimalSeparatorOf();

export function SendPage() {
  const wallet = useVotary(selectedWallet);
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const pendingChanged = useVotary((s) => s.pendingChanged);
  const status = useVotary((s) => s.pending);
  const [fees, setFees] = useState<FeesView | undefined>();
  const [rows, setRows] = useState<RecipientRow[]>([EMPTY]);
  const [memo, setMemo] = useState('');
  const [feeChoice, setFeeChoice] = useState<FeeChoice>('static');
  const [step, setStep] = useState<'form' | 'review'>('form');
  const [result, setResult] = useState<SendResult | undefined>();
  const [ceiling, setCeiling] = useState(HIGH_FEE_MULTIPLE);
  const [feeConfirmed, setFeeConfirmed] = useState(false);

  useEffect(() => {
    loadFees().then(setFees, reportError);
    feeCeiling().then((multiple) => setCeiling(Math.min(multiple, HIGH_FEE_MULTIPLE)), reportError);
  }, [reportError]);

  const multi = rows.length > 1;
  const feeOf = (choice: FeeChoice) =>
    multi ? feeFor(fees, 'multiPayment', 6, choice) : feeFor(fees, 'transfer', 0, choice);
  const fee = feeOf(feeChoice);
  const plan = planSend(rows, memo, fee, DECIMAL);
  const token = useVotary((s) => s.configuration?.token ?? '');
  const highFee = plan.ok ? highFeeReason(fee, feeOf('static'), plan.total, ceiling) : undefined;
  const sent = result === undefined ? undefined : (status.find((p) => p.id === result.id) ?? result.pending);
  const edit = (i: number, change: Partial<RecipientRow>) =>
    setRows(rows.map((row, j) => (j === i ? { ...row, ...change } : row)));

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!plan.ok) {
      reportError(new Error(plan.message));
      return;
    }
    clearError();
    setFeeConfirmed(false);
    setStep('review');
  };
  const send = async () => {
    if (wallet === undefined || !plan.ok) return;
    try {
      const answer = await sendDraft(wallet.id, plan.draft, { confirmHighFee: feeConfirmed });
      pendingChanged(answer.pending);
      setResult(answer);
      setStep('form');
      setRows([EMPTY]);
      setMemo('');
      if (!answer.accepted)
        reportError(new Error(answer.error?.message ?? 'No node accepted the transaction.'));
      else clearError();
    } catch (error) {
      setStep('form');
      reportError(error);
    }
  };

  return (
    <section aria-labelledby="send-title">
      <h1 id="send-title">Send</h1>
      {step === 'form' ? (
        <form className="card" onSubmit={review} aria-label={multi ? 'Multipayment' : 'Transfer'}>
          <WalletPicker />
          {rows.map((row, i) => {
            const suffix = i === 0 ? '' : ` ${i + 1}`;
            return (
              <div key={i} className="row wrap">
                <label>
                  Recipient address{suffix}
                  <input
                    value={row.address}
                    onChange={(e) => edit(i, { address: e.target.value })}
                    spellCheck={false}
                    size={40}
                    required
                  />
                </label>
                <label>
                  Amount{suffix}
                  <input
                    value={row.amount}
                    onChange={(e) => edit(i, { amount: e.target.value })}
                    inputMode="decimal"
                    placeholder={`0${DECIMAL}0`}
                    aria-invalid={
                      row.amount.trim() !== '' && amountProblem(row.amount, DECIMAL) !== undefined
                    }
                    required
                  />
                  {row.amount.trim() !== '' && amountProblem(row.amount, DECIMAL) !== undefined && (
                    <span className="field-error" role="alert">
                      {amountProblem(row.amount, DECIMAL)}
                    </span>
                  )}
                </label>
                {multi && (
                  <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                    Remove recipient{suffix || ' 1'}
                  </button>
                )}
              </div>
            );
          })}
          <button type="button" onClick={() => setRows([...rows, EMPTY])} disabled={rows.length >= 128}>
            Add recipient
          </button>
          <label>
            Memo (public, optional)
            <input value={memo} onChange={(e) => setMemo(e.target.value)} maxLength={255} />
          </label>
          <fieldset>
            <legend>Fee</legend>
            {(['static', 'min', 'avg', 'max'] as FeeChoice[]).map((choice) => {
              const value = feeOf(choice);
              return (
                <label key={choice} className="inline">
                  <input
                    type="radio"
                    name="fee"
                    checked={feeChoice === choice}
                    disabled={value === undefined}
                    onChange={() => setFeeChoice(choice)}
                  />
                  {FEE_LABELS[choice]} {value !== undefined && <Amount value={value} />}
                </label>
              );
            })}
          </fieldset>
          <button type="submit" className="primary" disabled={wallet === undefined}>
            Review
          </button>
        </form>
      ) : (
        plan.ok && (
          <section className="card" aria-label="Review">
            <h2>Review {multi ? 'multipayment' : 'transfer'}</h2>
            <dl className="facts">
              <dt>From</dt>
              <dd className="mono">{wallet?.address}</dd>
              {plan.payments.map((payment, i) => (
                <div key={i} className="contents">
                  <dt>To</dt>
                  <dd>
                    <span className="mono" data-testid="review-recipient">
                      {payment.recipientId}
                    </span>{' '}
                    · <strong data-testid="review-amount">{amountInWords(payment.amount, token)}</strong>
                  </dd>
                </div>
              ))}
              <dt>Total</dt>
              <dd>
                <Amount value={plan.total} />
              </dd>
              <dt>Fee</dt>
              <dd>{fee === undefined ? 'Network standard' : <Amount value={fee} />}</dd>
              {memo && (
                <>
                  <dt>Memo</dt>
                  <dd>{memo}</dd>
                </>
              )}
            </dl>
            {highFee !== undefined && (
              <div className="warning-note" role="alert">
                <p>
                  {highFee === 'ceiling'
                    ? `This fee is more than ${ceiling} times the network's standard fee.`
                    : 'This fee is more than the amount you are sending.'}{' '}
                  A fee cannot be taken back once the transaction is sent.
                </p>
                <label className="inline">
                  <input
                    type="checkbox"
                    checked={feeConfirmed}
                    onChange={(e) => setFeeConfirmed(e.target.checked)}
                  />
                  I checked the fee and want to pay it
                </label>
              </div>
            )}
            <div className="row">
              <button
                type="button"
                className="primary"
                disabled={highFee !== undefined && !feeConfirmed}
                onClick={() => void send()}
              >
                Sign and send
              </button>
              <button type="button" onClick={() => setStep('form')}>
                Back
              </button>
            </div>
          </section>
        )
      )}
      {sent && (
        <p role="status" data-testid="send-status">
          Transaction {sent.id.slice(0, 12)}…: {sent.statusText}
        </p>
      )}
    </section>
  );
}
