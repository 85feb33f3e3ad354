import { useState, type FormEvent } from 'react';
import type { WalletView } from '../../../shared/domain/wallets';
import { plainError } from '../../lib/errors';
import { useVotary } from '../../store';
import { call } from '../../services/call';

/**
 * Removing a wallet (docs/design/security.md "Key store"): for a wallet that holds a key this deletes the only
 * encrypted copy of it on this device, so the step says so plainly and asks for the vault password; a watch-only
 * wallet or a Ledger wallet (its key is on the device) holds nothing secret and is removed after one confirmation.
 */
export function RemoveWallet({ wallet, onCancel }: { wallet: WalletView; onCancel: () => void }) {
  const loadWallets = useVotary((s) => s.loadWallets);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // A Ledger wallet's key is on the device: the vault keeps only its path and public key.
  const holdsKey = wallet.kind !== 'watch' && wallet.kind !== 'ledger';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await call('wallets:remove', { walletId: wallet.id, ...(holdsKey ? { password } : {}) });
      await loadWallets();
    } catch (failure) {
      setError(plainError(failure).message);
      setBusy(false);
    }
  };

  return (
    <form
      className="card danger-zone"
      aria-label={`Remove ${wallet.name}`}
      onSubmit={(event) => void submit(event)}
    >
      {holdsKey ? (
        <p role="alert">
          Removing <strong>{wallet.name}</strong> deletes its key from this device. Only its recovery phrase
          can bring it back: make sure you have it written down before you continue.
        </p>
      ) : wallet.kind === 'ledger' ? (
        <p>
          Remove <strong>{wallet.name}</strong>? Its key stays on your Ledger; you can add the account again
          from the device at any time.
        </p>
      ) : (
        <p>
          Stop watching <strong>{wallet.name}</strong>? It holds no key, so nothing is lost.
        </p>
      )}
      {holdsKey && (
        <label>
          Vault password
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
            required
          />
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit" className="danger" disabled={busy || (holdsKey && password === '')}>
          Remove wallet
        </button>
        <button type="button" onClick={onCancel}>
          Keep it
        </button>
      </div>
    </form>
  );
}
