/**
 * Send: a transfer, or a multipayment with two or more recipients. Form → the host's checks and preview
 * (`tx:preview`: what a node would refuse is said at its field) → review (the one preview, every full recipient
 * address) → main signs and broadcasts (`tx:send`). The wallet to send from is chosen here, never taken silently
 * from the last wallet page opened; the one "at most" is the host's (`tx:spendable`: balance less what is pending).
 * The standard fee, the high-fee warning and the check of a typed fee take the host's static fee (`tx:fee-bounds`,
 * from the network's milestones), never the node's `/transactions/fees`; the node's recent fees are offered as its
 * report (lib/fees.ts).
 */
import { rememberDeviceLines } from '../ledger/reviewed-lines';
import { DEVICE_RETRY, deviceLines, isDeviceRetry } from '../ledger/device-review';
import { LedgerReviewNotice } from '../ledger/LedgerReviewNotice';
import { FieldError } from '../../components/FieldError';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFocusScope } from '../../lib/use-focus-scope';
import type { FeesView } from '../../../shared/domain/chain-views';
import type { DraftProblemView, SendResult, TxPreview } from '../../../shared/domain/transactions';
import { sizingDraft } from '../../../shared/lib/sizing-draft';
import { utf8Length } from '../../../shared/lib/utf8';
import { PreviewFacts } from '../review/PreviewFacts';
import { isPreparedRefusalCode } from '../review/prepared-refusal';
import { amountInWords, decimalSeparatorOf, parseAmountInput, plainAmount } from '../../lib/amount';
import {
  customFeeProblem,
  highFeeReason,
  ceilingMultiple,
  workableFees,
  type FeeChoice,
  type FeeLimits,
} from '../../lib/fees';
import { useVotary } from '../../store';
import { plainNodeMessage } from '../../lib/node-words';
import { useSigningWallet } from '../common/signing-wallet';
import { SigningWalletSelect } from '../common/SigningWalletSelect';
import { addressProblem } from '../../../shared/lib/address-check';
import { SigningPasswordField, useSigningPassword } from '../review/SigningPassword';
import { amountProblem, planSend, type RecipientRow } from './recipients';
import { call } from '../../services/call';
import { useLatest } from '../../lib/use-read';
import { AddressName, UnknownRecipients } from '../contacts/AddressName';
import { ContactOptions, CONTACT_OPTIONS_ID } from '../contacts/ContactOptions';
import { LinkPaste } from '../links/LinkPaste';
import { QrImagePick } from '../links/QrImagePick';
import { BatchFromCsv } from '../batch/BatchFromCsv';
import { useOpenedLink } from '../links/use-opened-link';
import { FeeChooser, HighFeeWarning } from './FeeChooser';
import { useAnnounceChange } from '../../lib/announce';
import { pendingStateKey } from '../pending/SentStatus';

const EMPTY: RecipientRow = { address: '', amount: '' };
/** The person's locale decides the one decimal separator amounts are typed with. */
const DECIMAL = decimalSeparatorOf();

export function SendPage() {
  const [preview, setPreview] = useState<TxPreview | undefined>();
  const [problems, setProblems] = useState<DraftProblemView[]>([]);
  const problemAt = (field: string) => problems.find((p) => p.field === field)?.message;
  const memoLimit = useVotary((s) => s.configuration?.constants.vendorFieldLength ?? 255);
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const submitPrepared = useVotary((s) => s.submitPrepared);
  const status = useVotary((s) => s.pending);
  const [fees, setFees] = useState<FeesView | undefined>();
  const [rows, setRows] = useState<RecipientRow[]>([EMPTY]);
  // Chosen on this page; with one wallet that can sign there is nothing to choose. A Ledger wallet signs a transfer
  // but not a multipayment (shared/domain/ledger-signable.ts): with a second recipient it is left out, with why.
  const signer = useSigningWallet(rows.length > 1 ? 'multiPayment' : 'transfer');
  const { wallet } = signer;
  const [memo, setMemo] = useState('');
  const [feeChoice, setFeeChoice] = useState<FeeChoice | 'custom'>('static');
  const [customFee, setCustomFee] = useState('');
  const [step, setStep] = useState<'form' | 'review'>('form');
  const [result, setResult] = useState<SendResult | undefined>();
  const [feeConfirmed, setFeeConfirmed] = useState(false);
  // The Ledger refused or failed (its sentence): the review stays, unsigned, to try again.
  const [deviceProblem, setDeviceProblem] = useState<string | undefined>();
  const signing = useSigningPassword(step === 'review');
  // The review replaces the form: focus moves to it, and back to the form's Review button after it.
  const reviewStep = useRef<HTMLElement>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  // A payment link fills the form; the person still reviews it.
  useOpenedLink('transfer', (link) => {
    setRows([
      { address: link.recipient, amount: link.amount === undefined ? '' : plainAmount(link.amount, DECIMAL) },
    ]);
    setMemo(link.memo ?? '');
    setResult(undefined);
    setStep('form');
  });

  useEffect(() => {
    call('chain:fees').then(setFees, reportError);
  }, [reportError]);

  // The fees depend on the transaction's kind and size (the number of recipients, the memo), not on what the
  // recipients and amounts are: asked again when those change, before the form is filled in.
  const sizing = wallet === undefined ? undefined : sizingDraft(rows.length, memo, wallet.address);
  const bounds = useLatest(
    wallet === undefined || sizing === undefined
      ? undefined
      : () => call('tx:fee-bounds', { walletId: wallet.id, draft: sizing }),
    wallet === undefined ? '' : `${wallet.id}:${JSON.stringify(sizing)}`,
    // Without bounds the draft goes without a fee and the host fills in the static fee: no banner for it.
    { delayMs: 300, report: () => undefined },
  ).value;
  const limits: FeeLimits | undefined =
    bounds === undefined
      ? undefined
      : { minimum: bounds.minimum, static: bounds.static, dynamic: bounds.dynamic };

  const multi = rows.length > 1;
  const token = useVotary((s) => s.configuration?.token ?? '');
  const height = useVotary((s) => s.node?.height ?? 0);
  // The one maximum: the host's balance less what this wallet has pending, read again with each block.
  const spendable = useLatest(
    wallet === undefined ? undefined : () => call('tx:spendable', { walletId: wallet.id }),
    `${wallet?.id ?? ''}:${height}:${status.length}`,
    { report: () => undefined },
  ).value;
  const balance = spendable?.spendable;
  const say = (arktoshi: string) => amountInWords(arktoshi, token);
  // Only fees that can work are offered (lib/fees.ts): never "Minimum 0", nothing but the standard fee on a
  // network without dynamic fees.
  const options = multi
    ? workableFees(fees, 'multiPayment', 6, limits)
    : workableFees(fees, 'transfer', 0, limits);
  // The host's static fee (tx:fee-bounds), the baseline of the standard choice, the warning and a typed fee.
  const staticFee = options.find((o) => o.choice === 'static')?.value;
  const typedFee = parseAmountInput(customFee, DECIMAL);
  const customProblem =
    feeChoice !== 'custom'
      ? undefined
      : !typedFee.ok
        ? typedFee.message
        : customFeeProblem(typedFee.arktoshi, staticFee, limits, say);
  const fee =
    feeChoice === 'custom'
      ? typedFee.ok && customProblem === undefined
        ? typedFee.arktoshi
        : undefined
      : (options.find((o) => o.choice === feeChoice)?.value ?? staticFee);
  const plan = planSend(rows, memo, fee, DECIMAL);
  useFocusScope(reviewStep, step === 'review' && plan.ok, { returnTo: reviewButton });
  // Checked before anything is signed: the recipient against this network, the total against the balance.
  const pubKeyHash = useVotary((s) => s.configuration?.pubKeyHash);
  const recipientProblem = (address: string) =>
    address.trim() === '' || pubKeyHash === undefined ? undefined : addressProblem(address, pubKeyHash);
  const overBalance =
    plan.ok &&
    balance !== undefined &&
    fee !== undefined &&
    BigInt(plan.total) + BigInt(fee) > BigInt(balance)
      ? `That is more than this wallet can send: at most ${say(
          (BigInt(balance) - BigInt(fee) > 0n ? BigInt(balance) - BigInt(fee) : 0n).toString(),
        )} after the fee${spendable !== undefined && BigInt(spendable.pendingOut) > 0n ? ' and what it has pending' : ''}.`
      : undefined;
  const memoBytes = utf8Length(memo);
  const memoProblem =
    memoBytes > memoLimit
      ? `A memo on this network holds at most ${memoLimit} bytes; this one has ${memoBytes}. Shorten it.`
      : problemAt('memo');
  const sendAll = () => {
    const cost = fee ?? staticFee;
    if (balance === undefined || cost === undefined) return;
    const rest = BigInt(balance) - BigInt(cost);
    if (rest <= 0n) {
      reportError(new Error(`The balance does not cover the fee (${say(cost)}).`));
      return;
    }
    edit(0, { amount: plainAmount(rest.toString(), DECIMAL) });
  };
  // The host's ceiling for this draft (tx:fee-bounds), the one its own check refuses above without a confirmation.
  const highFee = plan.ok ? highFeeReason(fee, bounds?.ceiling, plan.total) : undefined;
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
  const edit = (i: number, change: Partial<RecipientRow>) => {
    setRows(rows.map((row, j) => (j === i ? { ...row, ...change } : row)));
    setProblems([]);
  };

  const review = async (event: FormEvent) => {
    event.preventDefault();
    if (wallet === undefined) {
      setProblems([{ field: 'wallet', message: 'Choose the wallet to send from.' }]);
      return;
    }
    const problem =
      customProblem ??
      rows.map((row) => recipientProblem(row.address)).find(Boolean) ??
      overBalance ??
      (memoBytes > memoLimit ? memoProblem : undefined);
    if (problem !== undefined) {
      reportError(new Error(problem));
      return;
    }
    if (!plan.ok) {
      reportError(new Error(plan.message));
      return;
    }
    let answer: TxPreview;
    try {
      answer = await call('tx:preview', { walletId: wallet.id, draft: plan.draft });
    } catch (error) {
      reportError(error);
      return;
    }
    setProblems(answer.problems);
    if (answer.problems.length > 0) return;
    clearError();
    setFeeConfirmed(false);
    setDeviceProblem(undefined);
    setPreview(answer);
    setStep('review');
  };
  /** A new review of the same input after a refusal for a change; the refusal's sentence stays in the banner. */
  const reviewAgain = async () => {
    if (wallet === undefined || !plan.ok) return setStep('form');
    let again: TxPreview;
    try {
      again = await call('tx:preview', { walletId: wallet.id, draft: plan.draft });
    } catch {
      return setStep('form');
    }
    setProblems(again.problems);
    if (again.problems.length > 0 || again.prepared === undefined) return setStep('form');
    setFeeConfirmed(false);
    setPreview(again);
  };
  const send = async () => {
    // What the review prepared is signed, never the form again (tx:send by its prepared id).
    if (preview?.prepared === undefined) return;
    const onLedger = wallet?.kind === 'ledger';
    if (onLedger)
      rememberDeviceLines(preview.prepared.id, deviceLines(preview, plan.ok ? plan.draft : undefined) ?? []);
    setDeviceProblem(undefined);
    const answer = await submitPrepared(preview.prepared.id, {
      confirmHighFee: feeConfirmed,
      ...(signing.required === true ? { password: signing.password } : {}),
    });
    if (answer === undefined) {
      const code = useVotary.getState().error?.code;
      // The host wants the password again: stay on the review, with its field.
      if (code === 'ERR_PASSWORD_REQUIRED') signing.demand();
      // Refused or failed on the Ledger: the host gave the review back unsigned; it can be confirmed again.
      else if (onLedger && isDeviceRetry(code)) setDeviceProblem(useVotary.getState().error?.message);
      // What the review rested on changed (the host's sentence is in the banner): the same input reviewed again.
      else if (isPreparedRefusalCode(code)) await reviewAgain();
      else setStep('form');
      return;
    }
    setResult(answer);
    setStep('form');
    // A refused transaction leaves the form as the person typed it, to correct and send again.
    if (!answer.accepted) return;
    setRows([EMPTY]);
    setMemo('');
  };

  return (
    <section aria-labelledby="send-title">
      <h1 id="send-title">Send</h1>
      {step === 'form' && <LinkPaste />}
      {step === 'form' && <QrImagePick />}
      {step === 'form' && (
        <BatchFromCsv
          onFill={(transaction) => {
            setRows(
              transaction.payments.map((p) => ({
                address: p.recipientId,
                amount: plainAmount(p.amount, DECIMAL),
              })),
            );
            setMemo(transaction.memo);
            setResult(undefined);
          }}
        />
      )}
      {step === 'form' ? (
        <form
          className="card"
          onSubmit={(e) => void review(e)}
          aria-label={multi ? 'Multipayment' : 'Transfer'}
        >
          <SigningWalletSelect
            signer={signer}
            problem={problemAt('wallet') ?? problemAt('form')}
            onChange={() => setProblems([])}
          />
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
                    list={CONTACT_OPTIONS_ID}
                    aria-invalid={recipientProblem(row.address) !== undefined}
                    required
                  />
                  <FieldError
                    message={
                      recipientProblem(row.address) ?? (i === 0 ? problemAt('recipientId') : undefined)
                    }
                  />
                </label>
                <AddressName address={row.address.trim()} />
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
                  <FieldError
                    message={row.amount.trim() === '' ? undefined : amountProblem(row.amount, DECIMAL)}
                  />
                  <FieldError
                    message={i === rows.length - 1 ? (overBalance ?? problemAt('amount')) : undefined}
                  />
                </label>
                {multi && (
                  <button type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                    Remove recipient{suffix || ' 1'}
                  </button>
                )}
              </div>
            );
          })}
          <ContactOptions />
          <button type="button" onClick={() => setRows([...rows, EMPTY])} disabled={rows.length >= 128}>
            Add recipient
          </button>
          <label>
            Memo (public, optional)
            <input
              value={memo}
              onChange={(e) => {
                setMemo(e.target.value);
                setProblems([]);
              }}
              aria-invalid={memoProblem !== undefined}
            />
            <span className="muted small">
              {memoBytes} of {memoLimit} bytes
            </span>
            <FieldError message={memoProblem} />
          </label>
          {!multi && (
            <button type="button" onClick={sendAll} disabled={balance === undefined}>
              Send all (balance minus the fee)
            </button>
          )}
          <FeeChooser
            options={options}
            choice={feeChoice}
            onChoose={setFeeChoice}
            customFee={customFee}
            onCustomFee={setCustomFee}
            customProblem={customProblem}
            limits={limits}
            token={token}
            say={say}
          />
          <button type="submit" className="primary" disabled={wallet === undefined} ref={reviewButton}>
            Review
          </button>
        </form>
      ) : (
        plan.ok && (
          <section className="card" aria-label="Review" ref={reviewStep} tabIndex={-1}>
            <h2>Review {multi ? 'multipayment' : 'transfer'}</h2>
            {deviceProblem !== undefined && (
              <p className="warning-note" role="alert" data-testid="ledger-failure">
                {deviceProblem} {DEVICE_RETRY}
              </p>
            )}
            {preview !== undefined && <PreviewFacts preview={preview} />}
            <dl className="facts">
              {plan.payments.map((payment, i) => (
                <div key={i} className="contents">
                  <dt>To</dt>
                  <dd>
                    <span className="mono" data-testid="review-recipient">
                      {payment.recipientId}
                    </span>
                    <AddressName address={payment.recipientId} /> ·{' '}
                    <strong data-testid="review-amount">{amountInWords(payment.amount, token)}</strong>
                  </dd>
                </div>
              ))}
            </dl>
            <UnknownRecipients addresses={plan.payments.map((payment) => payment.recipientId)} />
            {preview !== undefined && (
              <LedgerReviewNotice wallet={wallet} preview={preview} draft={plan.draft} />
            )}
            {highFee !== undefined && (
              <HighFeeWarning
                reason={highFee}
                ceiling={ceilingMultiple(bounds)}
                confirmed={feeConfirmed}
                onConfirm={setFeeConfirmed}
              />
            )}
            <SigningPasswordField signing={signing} />
            <div className="row">
              <button
                type="button"
                className="primary"
                disabled={(highFee !== undefined && !feeConfirmed) || !signing.ready}
                onClick={() => void send()}
              >
                {deviceProblem === undefined ? 'Sign and send' : 'Try again on the Ledger'}
              </button>
              <button type="button" onClick={() => setStep('form')}>
                Back
              </button>
            </div>
          </section>
        )
      )}
      {sent && (
        // Silent: the shell's announcer says each new state once (lib/announce.ts).
        <p role="status" aria-live="off" data-testid="send-status">
          {sentWords}
        </p>
      )}
    </section>
  );
}
