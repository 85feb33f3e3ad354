/**
 * Send's review: the one preview's facts (tx:preview), every full recipient address and amount, the Ledger's
 * notice, the high-fee warning and the password when signing needs it again; "Sign and send" signs what the
 * review prepared.
 */
import type { RefObject } from 'react';
import type { TxPreview } from '../../../shared/domain/transactions';
import type { WalletView } from '../../../shared/domain/wallets';
import { amountInWords } from '../../lib/amount';
import { AddressName, UnknownRecipients } from '../contacts/AddressName';
import { DEVICE_RETRY } from '../ledger/device-review';
import { LedgerReviewNotice } from '../ledger/LedgerReviewNotice';
import { PreviewFacts } from '../review/PreviewFacts';
import { SigningPasswordField, type SigningPassword } from '../review/SigningPassword';
import { HighFeeWarning } from './FeeChooser';
import type { SendPlan } from './recipients';

export function SendReview({
  plan,
  multi,
  preview,
  wallet,
  token,
  deviceProblem,
  highFee,
  ceiling,
  feeConfirmed,
  onConfirmFee,
  signing,
  onSend,
  onBack,
  stepRef,
}: {
  plan: Extract<SendPlan, { ok: true }>;
  multi: boolean;
  preview: TxPreview | undefined;
  wallet: WalletView | undefined;
  token: string;
  /** The Ledger refused or failed (its sentence): the review stays, unsigned, to try again. */
  deviceProblem: string | undefined;
  highFee: 'ceiling' | 'amount' | undefined;
  ceiling: number | undefined;
  feeConfirmed: boolean;
  onConfirmFee: (confirmed: boolean) => void;
  signing: SigningPassword;
  onSend: () => void;
  onBack: () => void;
  stepRef: RefObject<HTMLElement | null>;
}) {
  return (
    <section className="card" aria-label="Review" ref={stepRef} tabIndex={-1}>
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
      {preview !== undefined && <LedgerReviewNotice wallet={wallet} preview={preview} draft={plan.draft} />}
      {highFee !== undefined && (
        <HighFeeWarning
          reason={highFee}
          ceiling={ceiling}
          confirmed={feeConfirmed}
          onConfirm={onConfirmFee}
        />
      )}
      <SigningPasswordField signing={signing} />
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={(highFee !== undefined && !feeConfirmed) || !signing.ready}
          onClick={onSend}
        >
          {deviceProblem === undefined ? 'Sign and send' : 'Try again on the Ledger'}
        </button>
        <button type="button" onClick={onBack}>
          Back
        </button>
      </div>
    </section>
  );
}
