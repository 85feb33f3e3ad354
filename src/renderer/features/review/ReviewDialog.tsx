/**
 * The one review step before any signature (send, vote, lock, claim, refund, delegate registration and
 * resignation, second passphrase): what the transaction does in plain words, from which wallet, the amount, the
 * fee, the total and the balance after, and one confirm. Amounts are said in words of the token.
 */
import { useEffect, useState } from 'react';
import { amountInWords } from '../../lib/amount';
import { useVotary } from '../../store';
import { draftFacts } from './draft-facts';
import { onReview, type OpenReview } from './review-queue';
import { SigningPasswordField, useSigningPassword } from './SigningPassword';
import { call } from '../../services/call';
import { useLatest } from '../../lib/use-read';
import { draftRecipients, UnknownRecipients } from '../contacts/AddressName';

export function ReviewDialog() {
  const [open, setOpen] = useState<OpenReview | undefined>();
  // Counts the reviews opened: each one reads the fees again.
  const [opened, setOpened] = useState(0);
  const token = useVotary((s) => s.configuration?.token ?? '');
  const balance = useVotary((s) =>
    open === undefined ? undefined : s.chain[open.request.wallet.address]?.balance,
  );

  const signing = useSigningPassword(open !== undefined);
  useEffect(
    () =>
      onReview((next) => {
        setOpen(next);
        if (next !== undefined) setOpened((count) => count + 1);
      }),
    [],
  );
  // The fees only make the review's words richer: without them it still says what the draft does.
  const fees = useLatest(open === undefined ? undefined : () => call('chain:fees'), String(opened), {
    report: () => undefined,
  }).value;

  if (open === undefined) return null;
  const { request } = open;
  const facts = draftFacts(request.draft, fees, balance);
  const words = (value: string | undefined) => (value === undefined ? '…' : amountInWords(value, token));
  const short = facts.balanceAfter !== undefined && BigInt(facts.balanceAfter) < 0n;

  return (
    <div className="review-backdrop">
      <section className="card review" role="dialog" aria-modal="true" aria-label="Review">
        <h2>Review</h2>
        <p className="review-what" data-testid="review-what">
          {request.what}
        </p>
        <dl className="facts">
          <dt>From</dt>
          <dd>
            {request.wallet.name} · <span className="mono">{request.wallet.address}</span>
          </dd>
          <dt>Amount</dt>
          <dd data-testid="review-sum">{words(facts.amount)}</dd>
          <dt>Fee</dt>
          <dd data-testid="review-fee">{words(facts.fee)}</dd>
          <dt>Total</dt>
          <dd>{words(facts.total)}</dd>
          <dt>Balance after</dt>
          <dd data-testid="review-balance-after">{words(facts.balanceAfter)}</dd>
        </dl>
        <UnknownRecipients addresses={draftRecipients(request.draft)} />
        {request.warning && <p className="warning-note">{request.warning}</p>}
        {short && (
          <p className="warning-note" role="alert">
            The balance does not cover the amount and the fee.
          </p>
        )}
        <SigningPasswordField signing={signing} />
        <div className="row">
          <button
            type="button"
            className="primary"
            disabled={short || !signing.ready}
            onClick={() => open.decide(true, signing.required === true ? signing.password : undefined)}
          >
            Confirm and sign
          </button>
          <button type="button" onClick={() => open.decide(false)}>
            Cancel
          </button>
        </div>
      </section>
    </div>
  );
}
