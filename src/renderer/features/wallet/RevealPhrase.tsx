/**
 * "Show recovery phrase", behind the vault password (the one channel that answers key material on request). The
 * phrase lives in this component's state only and is hidden again after a minute.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { RecoveryPhraseView, WalletView } from '../../../shared/domain/wallets';
import { SecretInput } from '../../components/SecretInput';
import { useVotary } from '../../store';
import { call } from '../../services/call';

const SHOWN_MS = 60_000;

export function RevealPhrase({ wallet }: { wallet: WalletView }) {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [phrase, setPhrase] = useState<RecoveryPhraseView | undefined>();

  useEffect(() => {
    if (phrase === undefined) return;
    const timer = window.setTimeout(() => setPhrase(undefined), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [phrase]);
  // A Ledger wallet has no phrase in the vault: its key is on the device (docs/design/ledger.md).
  if (wallet.kind === 'watch' || wallet.kind === 'ledger') return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = password;
    setPassword('');
    try {
      setPhrase(await call('wallets:reveal-phrase', { walletId: wallet.id, password: given }));
      clearError();
    } catch (error) {
      reportError(error);
    }
  };

  if (phrase !== undefined) {
    return (
      <section className="card" aria-label="Recovery phrase">
        <p>Anyone who sees this can take the funds. It hides itself after a minute.</p>
        <p className="mono">{phrase.secret}</p>
        {phrase.secondPassphrase && <p className="mono">Second passphrase: {phrase.secondPassphrase}</p>}
        <button type="button" onClick={() => setPhrase(undefined)}>
          Hide
        </button>
      </section>
    );
  }
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Show recovery phrase
      </button>
    );
  }
  return (
    <form className="card" onSubmit={(e) => void submit(e)} aria-label="Show recovery phrase">
      <label>
        Vault password
        <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} required autoFocus />
      </label>
      <div className="row">
        <button type="submit">Show</button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
