/**
 * The secrets of this wallet's open locks, kept in the vault (tx:htlc-secrets, lib/reads/chain.ts
 * `useKeptSecrets`): listed without the secret; one is
 * shown again after the vault password (tx:htlc-reveal-secret), can be copied, and exported as a small JSON file
 * (lock id, secret hash, secret) to hand to the recipient. Shown secrets live in this component's state only and
 * are hidden again after a minute.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { RevealedLockSecret } from '../../../shared/domain/transactions';
import { Amount } from '../../components/Amount';
import { CopyButton } from '../../components/CopyButton';
import { SecretInput } from '../../components/SecretInput';
import { useKeptSecrets } from '../../lib/reads/chain';
import { call } from '../../services/call';
import { useVotary } from '../../store';

const SHOWN_MS = 60_000;

function exportSecret(shown: RevealedLockSecret): void {
  const body = JSON.stringify(
    {
      lockId: shown.lockId,
      secretHash: shown.secretHash,
      secret: shown.secret,
      recipientId: shown.recipientId,
    },
    null,
    2,
  );
  const url = URL.createObjectURL(new Blob([body], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `votary-lock-${shown.lockId.slice(0, 12)}.json`;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function KeptSecrets({ walletId, refresh }: { walletId: string; refresh: number }) {
  const reportError = useVotary((s) => s.reportError);
  const kept = useKeptSecrets(walletId, refresh, reportError);
  const [asking, setAsking] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState<RevealedLockSecret | undefined>();
  // The vault password is checked by the host's key derivation (core/keystore/kdf.ts), which takes seconds on a
  // busy machine: said on screen, and Show held until it answers (one check at a time).
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (shown === undefined) return;
    const timer = window.setTimeout(() => setShown(undefined), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  const reveal = async (event: FormEvent) => {
    event.preventDefault();
    if (asking === undefined || checking) return;
    const given = password;
    setPassword('');
    setChecking(true);
    try {
      setShown(await call('tx:htlc-reveal-secret', { walletId, lockId: asking, password: given }));
      setAsking(undefined);
    } catch (error) {
      reportError(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="card" aria-labelledby="kept-secrets-title">
      <h2 id="kept-secrets-title">Kept secrets</h2>
      {kept.length === 0 ? (
        <p className="muted">No open lock of this wallet has a secret kept in the vault.</p>
      ) : (
        <ul className="plain">
          {kept.map((lock) => (
            <li key={lock.lockId}>
              <span className="mono small">{lock.lockId.slice(0, 16)}…</span> · <Amount value={lock.amount} />{' '}
              for <span className="mono small">{lock.recipientId}</span>{' '}
              <button type="button" onClick={() => setAsking(lock.lockId)}>
                Show secret
              </button>
            </li>
          ))}
        </ul>
      )}
      {asking !== undefined && (
        <form onSubmit={(e) => void reveal(e)} aria-label="Show a lock secret">
          <label>
            Vault password
            <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} autoFocus required />
          </label>
          <button type="submit" disabled={checking}>
            Show
          </button>
          <button type="button" onClick={() => setAsking(undefined)}>
            Cancel
          </button>
          {checking && (
            <p className="muted" role="status" data-testid="checking-password">
              Checking the vault password…
            </p>
          )}
        </form>
      )}
      {shown !== undefined && (
        <div aria-label="Lock secret shown" role="region">
          <p className="mono small" data-testid="kept-secret">
            Secret: {shown.secret}
          </p>
          <p className="mono small">Lock id: {shown.lockId}</p>
          <div className="row">
            <CopyButton text={shown.secret} label="Copy secret" />
            <button type="button" onClick={() => exportSecret(shown)}>
              Export as a file
            </button>
            <button type="button" onClick={() => setShown(undefined)}>
              Hide
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
