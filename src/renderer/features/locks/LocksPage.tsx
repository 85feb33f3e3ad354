/**
 * HTLC locks: create (main generates the secret; it is shown here once with its hash), claim with a secret,
 * refund after expiry.
 */
import { FieldError } from '../../components/FieldError';
import { useState, type FormEvent } from 'react';
import type { PendingView, SendResult } from '../../../shared/domain/transactions';
import { SentStatus } from '../pending/SentStatus';
import { CopyButton } from '../../components/CopyButton';
import { SecretInput } from '../../components/SecretInput';
import { decimalSeparatorOf, parseAmountInput } from '../../lib/amount';
import type { DraftInput } from '../../../shared/domain/transactions';
import { amountInWords } from '../../lib/amount';
import { reviewAndSend } from '../review/review-and-send';
import { useVotary } from '../../store';
import { selectedWallet } from '../../store/wallets-slice';
import { WalletPicker } from '../common/WalletPicker';
import { LockList } from './LockList';
import { lockExpiryProblem } from './lock-state';

export function LocksPage() {
  const wallet = useVotary(selectedWallet);
  const reportError = useVotary((s) => s.reportError);
  const round = useVotary((s) => s.configuration?.constants.activeDelegates);
  const blocktime = useVotary((s) => s.configuration?.constants.blocktime);
  const token = useVotary((s) => s.configuration?.token ?? '');
  const [recipient, setRecipient] = useState('');
  const [amountText, setAmountText] = useState('');
  const [expiryType, setExpiryType] = useState<'time' | 'height'>('time');
  const [expiry, setExpiry] = useState('3600');
  const expiryProblem = lockExpiryProblem(expiryType, expiry, round, blocktime);
  const [created, setCreated] = useState<SendResult | undefined>();
  const [lockId, setLockId] = useState('');
  const [secret, setSecret] = useState('');
  const [sent, setSent] = useState<PendingView>();

  const run = async (draft: DraftInput, what: string): Promise<SendResult | undefined> => {
    if (wallet === undefined) return undefined;
    const result = await reviewAndSend(wallet, draft, what);
    if (result !== undefined) setSent(result.pending);
    return result;
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmountInput(amountText, decimalSeparatorOf());
    const amount = parsed.ok ? parsed.arktoshi : undefined;
    const after = Number.parseInt(expiry, 10);
    if (!parsed.ok) {
      reportError(new Error(parsed.message));
      return;
    }
    if (amount === undefined || expiryProblem !== undefined) {
      reportError(new Error(expiryProblem ?? 'Enter an amount.'));
      return;
    }
    const result = await run(
      {
        kind: 'htlcLock',
        recipientId: recipient.trim(),
        amount,
        expiration:
          expiryType === 'time'
            ? { type: 'time', afterSeconds: after }
            : { type: 'height', afterBlocks: after },
      },
      `Lock ${amountInWords(amount, token)} for ${recipient.trim()}, claimable with the secret until ${after} ${expiryType === 'time' ? 'seconds' : 'blocks'} from now, refundable after`,
    );
    // A refused lock has no secret to keep and no lock id: only an accepted one is shown.
    if (result?.accepted === true) setCreated(result);
  };
  const claim = async (event: FormEvent) => {
    event.preventDefault();
    const given = secret.trim();
    setSecret('');
    await run({ kind: 'htlcClaim', lockId: lockId.trim(), secret: given }, `Claim the lock ${lockId.trim()}`);
  };
  const refund = async (id = lockId.trim()) => {
    await run({ kind: 'htlcRefund', lockId: id }, `Refund the expired lock ${id} to this wallet`);
  };

  return (
    <section aria-labelledby="locks-title">
      <h1 id="locks-title">Locks</h1>
      <WalletPicker />
      {sent !== undefined && <SentStatus sent={sent} />}
      <form className="card" onSubmit={(e) => void create(e)} aria-label="Create lock">
        <h2>Create a lock</h2>
        <label>
          Recipient address
          <input
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
            spellCheck={false}
            required
          />
        </label>
        <label>
          Amount
          <input
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            inputMode="decimal"
            required
          />
        </label>
        <fieldset>
          <legend>Expires</legend>
          <label className="inline">
            <input
              type="radio"
              name="expiry"
              checked={expiryType === 'time'}
              onChange={() => setExpiryType('time')}
            />
            after seconds
          </label>
          <label className="inline">
            <input
              type="radio"
              name="expiry"
              checked={expiryType === 'height'}
              onChange={() => setExpiryType('height')}
            />
            after blocks
          </label>
          {round !== undefined && blocktime !== undefined && (
            <p className="muted small">
              Nodes accept an expiry more than one round ahead: over {round} blocks, or over{' '}
              {round * blocktime} seconds.
            </p>
          )}
          <label>
            {expiryType === 'time' ? 'Seconds from now' : 'Blocks from now'}
            <input
              inputMode="numeric"
              value={expiry}
              onChange={(e) => setExpiry(e.target.value)}
              aria-invalid={expiryProblem !== undefined}
              required
            />
            <FieldError message={expiryProblem} />
          </label>
        </fieldset>
        <button type="submit" className="primary">
          Create lock
        </button>
      </form>
      {created?.htlc && (
        <section className="card" aria-label="Lock secret">
          <h2>Keep this secret</h2>
          <p>The recipient needs it to claim the lock. It is shown this once and Votary does not store it.</p>
          <p className="mono small">Secret: {created.htlc.secret}</p>
          <CopyButton text={created.htlc.secret} label="Copy secret" />
          <p className="mono small">Hash: {created.htlc.secretHash}</p>
          <p className="mono small">Lock id: {created.id}</p>
          <CopyButton text={created.id} label="Copy lock id" />
          <button type="button" onClick={() => setCreated(undefined)}>
            I have saved it
          </button>
        </section>
      )}
      {wallet && (
        <section className="card" aria-labelledby="own-locks-title">
          <h2 id="own-locks-title">Your locks</h2>
          <LockList address={wallet.address} direction="sent" onAction={(lock) => void refund(lock.lockId)} />
        </section>
      )}
      {wallet && (
        <section className="card" aria-labelledby="incoming-locks-title">
          <h2 id="incoming-locks-title">Locks you can claim</h2>
          <p className="muted small">
            Locks addressed to this wallet: claim one with the secret its sender gave you.
          </p>
          <LockList
            address={wallet.address}
            direction="incoming"
            onAction={(lock) => {
              setLockId(lock.lockId);
              document.getElementById('claim-secret')?.focus();
            }}
          />
        </section>
      )}
      <form className="card" onSubmit={(e) => void claim(e)} aria-label="Claim or refund a lock">
        <h2>Claim or refund</h2>
        <label>
          Lock id
          <input value={lockId} onChange={(e) => setLockId(e.target.value)} spellCheck={false} required />
        </label>
        <label>
          Secret (to claim)
          <SecretInput id="claim-secret" value={secret} onChange={(e) => setSecret(e.target.value)} />
        </label>
        <div className="row">
          <button type="submit" className="primary">
            Claim
          </button>
          <button type="button" onClick={() => void refund()}>
            Refund after expiry
          </button>
        </div>
      </form>
    </section>
  );
}
