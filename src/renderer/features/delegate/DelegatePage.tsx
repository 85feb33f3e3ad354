/**
 * Register a delegate, resign, or register a second passphrase, for the wallet chosen on this page. What it offers
 * follows the chain wallet the store reads on every block: a confirmed second passphrase is said, not offered again,
 * and one waiting in the pending list is said too. The second passphrase is typed twice before the review.
 */
import { useState, type FormEvent } from 'react';
import { SecretInput } from '../../components/SecretInput';
import type { DraftInput, PendingView } from '../../../shared/domain/transactions';
import { SentStatus } from '../pending/SentStatus';
import { reviewAndSend } from '../review/review-and-send';
import { useVotary } from '../../store';
import { chainStateOf } from '../../store/wallets-slice';
import { secondPassphraseState } from './second-passphrase-state';
import { CHOOSE_WALLET, useSigningWallet } from '../common/signing-wallet';
import { SigningWalletSelect } from '../common/SigningWalletSelect';
import { FieldError } from '../../components/FieldError';
import { usernameProblem } from '../../../shared/lib/delegate-name';
import type { DraftProblemView } from '../../../shared/domain/transactions';
import { REVIEW_NOTES } from './review-notes';

export function DelegatePage() {
  // Chosen on this page, as on Send: never the last wallet page opened, silently.
  const signer = useSigningWallet('delegateRegistration');
  const { wallet } = signer;
  const delegate = useVotary((s) => (wallet === undefined ? undefined : chainStateOf(s, wallet)?.delegate));
  const secondState = useVotary((s) => secondPassphraseState(s, wallet));
  const [username, setUsername] = useState('');
  const [second, setSecond] = useState('');
  const [secondAgain, setSecondAgain] = useState('');
  const secondsDiffer = secondAgain !== '' && secondAgain !== second;
  const [sent, setSent] = useState<PendingView>();
  // What the host found a node would refuse, by field (tx:preview), until the field changes.
  const [problems, setProblems] = useState<DraftProblemView[]>([]);
  const problemAt = (field: string) => problems.find((p) => p.field === field)?.message;

  const run = async (draft: DraftInput, warning?: string) => {
    if (wallet === undefined) {
      setProblems([{ field: 'wallet', message: CHOOSE_WALLET }]);
      return;
    }
    const result = await reviewAndSend(wallet, draft, {
      ...(warning === undefined ? {} : { warning }),
      onProblems: setProblems,
    });
    if (result !== undefined) setSent(result.pending);
  };
  const typedProblem = username === '' ? undefined : usernameProblem(username.trim());
  const register = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (usernameProblem(name) !== undefined) return;
    void run({ kind: 'delegateRegistration', username: name }, REVIEW_NOTES.delegateRegistration);
  };
  const registerSecond = (event: FormEvent) => {
    event.preventDefault();
    const given = second;
    if (given === '' || given !== secondAgain) return;
    setSecond('');
    setSecondAgain('');
    void run({ kind: 'secondSignature', secondPassphrase: given }, REVIEW_NOTES.secondSignature);
  };

  return (
    <section aria-labelledby="delegate-title">
      <h1 id="delegate-title">Delegate</h1>
      <SigningWalletSelect signer={signer} problem={problemAt('wallet')} onChange={() => setProblems([])} />
      {sent !== undefined && <SentStatus sent={sent} />}
      <FieldError message={problemAt('form')} />
      {delegate ? (
        <div className="card">
          <p>
            Registered as <strong>{delegate.username}</strong>
            {delegate.resigned ? ' (resigned)' : ''}.
          </p>
          {!delegate.resigned && (
            <button
              type="button"
              onClick={() => void run({ kind: 'delegateResignation' }, REVIEW_NOTES.delegateResignation)}
            >
              Resign
            </button>
          )}
        </div>
      ) : (
        <form className="card" onSubmit={register} aria-label="Register delegate">
          <h2>Register as a delegate</h2>
          <label>
            Delegate name (1–20 of a–z 0–9 ! @ $ &amp; _ .)
            <input
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                setProblems([]);
              }}
              aria-invalid={(typedProblem ?? problemAt('username')) !== undefined}
              spellCheck={false}
              required
            />
            <FieldError message={typedProblem ?? problemAt('username')} />
          </label>
          <button type="submit" className="primary">
            Register
          </button>
        </form>
      )}
      {secondState === 'registered' ? (
        <div className="card" aria-label="Second passphrase" data-testid="delegate-second-passphrase">
          <h2>Second passphrase</h2>
          <p>Registered: every transaction from this wallet needs it as well.</p>
        </div>
      ) : secondState === 'pending' ? (
        <div className="card" aria-label="Second passphrase" data-testid="delegate-second-passphrase">
          <h2>Second passphrase</h2>
          <p>Its registration is waiting for a block (see Pending); this page says when it is confirmed.</p>
        </div>
      ) : (
        <form className="card" onSubmit={registerSecond} aria-label="Second passphrase">
          <h2>Second passphrase</h2>
          <p className="muted">
            Once registered, every transaction from this wallet also needs it; Votary keeps it in the vault.
          </p>
          <label>
            Second passphrase
            <SecretInput value={second} onChange={(e) => setSecond(e.target.value)} required />
          </label>
          <label>
            Second passphrase again
            <SecretInput
              value={secondAgain}
              onChange={(e) => setSecondAgain(e.target.value)}
              aria-invalid={secondsDiffer}
              required
            />
            <FieldError
              message={secondsDiffer ? 'The two do not match: type the same passphrase twice.' : undefined}
            />
          </label>
          <button type="submit" disabled={second === '' || second !== secondAgain}>
            Register second passphrase
          </button>
        </form>
      )}
    </section>
  );
}
