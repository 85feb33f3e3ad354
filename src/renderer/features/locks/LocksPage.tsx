/**
 * HTLC locks: create (the host generates the secret and keeps it in the vault with the lock; it is shown here
 * after creation and again from "Kept secrets" after the password), claim with a secret, refund after expiry.
 * What a node would refuse (a wrong secret, a refund before expiry, a bad recipient or amount) is said at its
 * field before the review (tx:preview).
 */
import { FieldError } from '../../components/FieldError';
import { useState, type FormEvent } from 'react';
import type { DraftProblemView, PendingView, SendResult } from '../../../shared/domain/transactions';
import { SentStatus } from '../pending/SentStatus';
import { CopyButton } from '../../components/CopyButton';
import { SecretInput } from '../../components/SecretInput';
import { decimalSeparatorOf, parseAmountInput } from '../../lib/amount';
import type { DraftInput } from '../../../shared/domain/transactions';
import { reviewAndSend } from '../review/review-and-send';
import { useVotary } from '../../store';
import { CHOOSE_WALLET, useSigningWallet } from '../common/signing-wallet';
import { SigningWalletSelect } from '../common/SigningWalletSelect';
import { LockList } from './LockList';
import { KeptSecrets } from './KeptSecrets';
import { lockExpiryProblem } from './lock-state';

export function LocksPage() {
  // Chosen on this page, as on Send: never the last wallet page opened, silently.
  const signer = useSigningWallet('htlcLock');
  const { wallet } = signer;
  const round = useVotary((s) => s.configuration?.constants.activeDelegates);
  const blocktime = useVotary((s) => s.configuration?.constants.blocktime);
  // ARK Core run with `--env=test` drops the one-round minimum (the network says so when it was added).
  const testMode = useVotary((s) => s.networks.find((network) => network.active)?.arkTestMode === true);
  const [recipient, setRecipient] = useState('');
  const [amountText, setAmountText] = useState('');
  const [expiryType, setExpiryType] = useState<'time' | 'height'>('time');
  const [expiry, setExpiry] = useState('3600');
  const expiryProblem = lockExpiryProblem(expiryType, expiry, testMode ? 0 : round, blocktime);
  const [created, setCreated] = useState<SendResult | undefined>();
  const [lockId, setLockId] = useState('');
  const [secret, setSecret] = useState('');
  const [sent, setSent] = useState<PendingView>();
  // What the host found a node would refuse, by field (tx:preview), until the person edits the form.
  const [problems, setProblems] = useState<DraftProblemView[]>([]);
  const problemAt = (field: string) => problems.find((p) => p.field === field)?.message;
  const [keptChanged, setKeptChanged] = useState(0);

  const run = async (draft: DraftInput): Promise<SendResult | undefined> => {
    if (wallet === undefined) {
      setProblems([{ field: 'wallet', message: CHOOSE_WALLET }]);
      return undefined;
    }
    const result = await reviewAndSend(wallet, draft, { onProblems: setProblems });
    if (result !== undefined) setSent(result.pending);
    return result;
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmountInput(amountText, decimalSeparatorOf());
    const amount = parsed.ok ? parsed.arktoshi : undefined;
    const after = Number.parseInt(expiry, 10);
    // Said at its field, not in the banner: a field's message leaves when the field is corrected, where a banner
    // would stay above the corrected form.
    if (!parsed.ok || amount === undefined) {
      setProblems([{ field: 'amount', message: parsed.ok ? 'Enter an amount.' : parsed.message }]);
      return;
    }
    if (expiryProblem !== undefined) return;
    const result = await run({
      kind: 'htlcLock',
      recipientId: recipient.trim(),
      amount,
      expiration:
        expiryType === 'time'
          ? { type: 'time', afterSeconds: after }
          : { type: 'height', afterBlocks: after },
    });
    // A refused lock has no secret to keep and no lock id: only an accepted one is shown.
    if (result?.accepted === true) setCreated(result);
    setKeptChanged((n) => n + 1);
  };
  const claim = async (event: FormEvent) => {
    event.preventDefault();
    const given = secret.trim();
    if (!/^[0-9a-fA-F]{64}$/.test(given)) {
      setProblems([{ field: 'secret', message: 'A lock secret is 64 hexadecimal characters (0–9, a–f).' }]);
      return;
    }
    if (!/^[0-9a-fA-F]{64}$/.test(lockId.trim())) {
      setProblems([{ field: 'lockId', message: 'A lock id is 64 hexadecimal characters (0–9, a–f).' }]);
      return;
    }
    const result = await run({ kind: 'htlcClaim', lockId: lockId.trim(), secret: given });
    // The secret stays in the field while it can still be corrected; once sent it goes.
    if (result !== undefined) setSecret('');
  };
  const refund = async (id = lockId.trim()) => {
    if (!/^[0-9a-fA-F]{64}$/.test(id)) {
      setProblems([{ field: 'lockId', message: 'A lock id is 64 hexadecimal characters (0–9, a–f).' }]);
      return;
    }
    await run({ kind: 'htlcRefund', lockId: id });
  };

  return (
    <section aria-labelledby="locks-title">
      <h1 id="locks-title">Locks</h1>
      <SigningWalletSelect signer={signer} problem={problemAt('wallet')} onChange={() => setProblems([])} />
      {sent !== undefined && <SentStatus sent={sent} />}
      <form className="card" onSubmit={(e) => void create(e)} aria-label="Create lock">
        <h2>Create a lock</h2>
        <label>
          Recipient address
          <input
            value={recipient}
            onChange={(e) => {
              setRecipient(e.target.value);
              setProblems([]);
            }}
            aria-invalid={problemAt('recipientId') !== undefined}
            spellCheck={false}
            required
          />
          <FieldError message={problemAt('recipientId')} />
        </label>
        <label>
          Amount
          <input
            value={amountText}
            onChange={(e) => {
              setAmountText(e.target.value);
              setProblems([]);
            }}
            aria-invalid={problemAt('amount') !== undefined}
            inputMode="decimal"
            required
          />
          <FieldError message={problemAt('amount')} />
        </label>
        <fieldset>
          <legend>Expires</legend>
          <label className="inline">
            <input
              type="radio"
              name="expiry"
              checked={expiryType === 'time'}
              onChange={() => {
                setExpiryType('time');
                setProblems([]);
              }}
            />
            after seconds
          </label>
          <label className="inline">
            <input
              type="radio"
              name="expiry"
              checked={expiryType === 'height'}
              onChange={() => {
                setExpiryType('height');
                setProblems([]);
              }}
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
              onChange={(e) => {
                setExpiry(e.target.value);
                setProblems([]);
              }}
              aria-invalid={expiryProblem !== undefined}
              required
            />
            <FieldError message={expiryProblem ?? problemAt('expiration')} />
          </label>
        </fieldset>
        <button type="submit" className="primary">
          Create lock
        </button>
      </form>
      {created?.htlc && (
        <section className="card" aria-label="Lock secret">
          <h2>Keep this secret</h2>
          <p>
            The recipient needs it to claim the lock. The vault keeps it with the lock until the lock is
            claimed or expires: “Kept secrets” below shows it again after the vault password.
          </p>
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
      {wallet && <KeptSecrets walletId={wallet.id} refresh={keptChanged} />}
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
          <input
            value={lockId}
            onChange={(e) => {
              setLockId(e.target.value);
              setProblems([]);
            }}
            aria-invalid={problemAt('lockId') !== undefined}
            spellCheck={false}
            required
          />
          <FieldError message={problemAt('lockId')} />
        </label>
        <label>
          Secret (to claim)
          <SecretInput
            id="claim-secret"
            value={secret}
            onChange={(e) => {
              setSecret(e.target.value);
              setProblems([]);
            }}
            aria-invalid={problemAt('secret') !== undefined}
          />
          <FieldError message={problemAt('secret')} />
        </label>
        <FieldError message={problemAt('form')} />
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
