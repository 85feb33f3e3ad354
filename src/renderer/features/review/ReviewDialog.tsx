/**
 * The one review step before any signature (send, vote, lock, claim, refund, delegate registration and
 * resignation, second passphrase): the host's preview of the draft (tx:preview, from the ledger) — from which
 * wallet by name and address, what happens in words, the money in and out, the fee, the total out, the balance
 * before and after counting what is pending, warnings — and one confirm.
 */
import { LedgerReviewNotice } from '../ledger/LedgerReviewNotice';
import { DEVICE_RETRY } from '../ledger/device-review';
import { useEffect, useRef, useState } from 'react';
import { useFocusScope } from '../../lib/use-focus-scope';
import { onReview, type OpenReview } from './review-queue';
import { PreviewFacts } from './PreviewFacts';
import { SigningPasswordField, useSigningPassword } from './SigningPassword';
import { draftRecipients, UnknownRecipients } from '../contacts/AddressName';

export function ReviewDialog() {
  const [open, setOpen] = useState<OpenReview | undefined>();
  const signing = useSigningPassword(open !== undefined);
  useEffect(() => onReview(setOpen), []);
  const dialog = useRef<HTMLElement>(null);
  // Focus moves in, stays inside, and goes back to what opened the review (lib/use-focus-scope.ts); Escape
  // cancels, as the Cancel button does.
  useFocusScope(dialog, open !== undefined, { modal: true, onEscape: () => open?.decide(false) });

  if (open === undefined) return null;
  const { request } = open;
  const blocked = request.preview.problems.length > 0;

  return (
    <div className="review-backdrop">
      <section
        className="card review"
        role="dialog"
        aria-modal="true"
        aria-label="Review"
        ref={dialog}
        tabIndex={-1}
      >
        <h2>Review</h2>
        {request.again !== undefined && (
          <p className="warning-note" role="alert" data-testid="review-again">
            {request.again}
          </p>
        )}
        {request.context !== undefined && (
          <p className="muted" data-testid="review-step">
            {request.context}
          </p>
        )}
        {request.deviceProblem !== undefined && (
          <p className="warning-note" role="alert" data-testid="ledger-failure">
            {request.deviceProblem} {DEVICE_RETRY}
          </p>
        )}
        <PreviewFacts preview={request.preview} />
        <UnknownRecipients addresses={draftRecipients(request.draft)} />
        <LedgerReviewNotice wallet={request.wallet} preview={request.preview} draft={request.draft} />
        {request.warning && <p className="warning-note">{request.warning}</p>}
        <SigningPasswordField signing={signing} />
        <div className="row">
          <button
            type="button"
            className="primary"
            disabled={blocked || !signing.ready}
            onClick={() => open.decide(true, signing.required === true ? signing.password : undefined)}
          >
            {request.deviceProblem === undefined ? 'Confirm and sign' : 'Try again on the Ledger'}
          </button>
          <button type="button" onClick={() => open.decide(false)}>
            Cancel
          </button>
        </div>
      </section>
    </div>
  );
}
