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
import { deviceLines, isDeviceRetry } from '../ledger/device-review';
import { useRef, useState, type FormEvent } from 'react';
import { useFocusScope } from '../../lib/use-focus-scope';
import type { DraftProblemView, SendResult, TxPreview } from '../../../shared/domain/transactions';
import { utf8Length } from '../../../shared/lib/utf8';
import { isPreparedRefusalCode } from '../review/prepared-refusal';
import { amountInWords, decimalSeparatorOf, plainAmount } from '../../lib/amount';
import { highFeeReason, ceilingMultiple, type FeeChoice } from '../../lib/fees';
import { useVotary } from '../../store';
import { useSigningWallet } from '../common/signing-wallet';
import { SigningWalletSelect } from '../common/SigningWalletSelect';
import { addressProblem } from '../../../shared/lib/address-check';
import { useSigningPassword } from '../review/SigningPassword';
import { planSend, type RecipientRow } from './recipients';
import { call } from '../../services/call';
import { useSpendable } from '../../lib/reads/transactions';
import { ContactOptions } from '../contacts/ContactOptions';
import { LinkPaste } from '../links/LinkPaste';
import { QrImagePick } from '../links/QrImagePick';
import { BatchFromCsv } from '../batch/BatchFromCsv';
import { useOpenedLink } from '../links/use-opened-link';
import { FeeChooser } from './FeeChooser';
import { MemoField } from './MemoField';
import { RecipientFields } from './RecipientFields';
import { SendOutcome } from './SendOutcome';
import { SendReview } from './SendReview';
import { useSendFee } from './send-fee';

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

  const multi = rows.length > 1;
  const token = useVotary((s) => s.configuration?.token ?? '');
  // The one maximum: the host's balance less what this wallet has pending, read again with each block and each
  // pending transaction's change of state.
  const spendable = useSpendable(wallet?.id);
  const balance = spendable?.spendable;
  const say = (arktoshi: string) => amountInWords(arktoshi, token);
  const { bounds, limits, options, staticFee, customProblem, fee } = useSendFee({
    wallet,
    recipients: rows.length,
    memo,
    feeChoice,
    customFee,
    decimal: DECIMAL,
    say,
  });
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
          <RecipientFields
            rows={rows}
            edit={edit}
            remove={(i) => setRows(rows.filter((_, j) => j !== i))}
            recipientProblem={recipientProblem}
            problemAt={problemAt}
            overBalance={overBalance}
            decimal={DECIMAL}
          />
          <ContactOptions />
          <button type="button" onClick={() => setRows([...rows, EMPTY])} disabled={rows.length >= 128}>
            Add recipient
          </button>
          <MemoField
            memo={memo}
            onChange={(text) => {
              setMemo(text);
              setProblems([]);
            }}
            bytes={memoBytes}
            limit={memoLimit}
            problem={memoProblem}
          />
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
          <SendReview
            plan={plan}
            multi={multi}
            preview={preview}
            wallet={wallet}
            token={token}
            deviceProblem={deviceProblem}
            highFee={highFee}
            ceiling={ceilingMultiple(bounds)}
            feeConfirmed={feeConfirmed}
            onConfirmFee={setFeeConfirmed}
            signing={signing}
            onSend={() => void send()}
            onBack={() => setStep('form')}
            stepRef={reviewStep}
          />
        )
      )}
      <SendOutcome result={result} />
    </section>
  );
}
