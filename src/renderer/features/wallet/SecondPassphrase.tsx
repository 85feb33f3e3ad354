/**
 * The wallet's second passphrase in the vault. Registering one on chain
 * is a transaction (Delegate page); here a passphrase registered elsewhere is added so this wallet can co-sign,
 * or the stored one is removed. The passphrase stays in this form's state and is cleared on submit; main checks
 * it against the chain's second public key.
 */
import { useState, type FormEvent } from 'react';
import type { WalletView } from '../../../shared/domain/wallets';
import { ConfirmAction } from '../../components/ConfirmAction';
import { SecretInput } from '../../components/SecretInput';
import { useVotary } from '../../store';
import { call } from '../../services/call';

export function SecondPassphrase({
  wallet,
  registeredOnChain,
}: {
  wallet: WalletView;
  registeredOnChain: boolean;
}) {
  const loadWallets = useVotary((s) => s.loadWallets);
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  // The vault refuses a second passphrase for a Ledger wallet: the device cannot add that signature (ledger.md).
  if (wallet.kind === 'watch' || wallet.kind === 'ledger') return null;

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      clearError();
      await loadWallets();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const given = secret;
    setSecret('');
    void run(() => call('wallets:set-second-passphrase', { walletId: wallet.id, secondPassphrase: given }));
  };

  return (
    <section className="card" aria-labelledby="second-passphrase-title">
      <h2 id="second-passphrase-title">Second passphrase</h2>
      {wallet.hasSecondPassphrase ? (
        <>
          <p data-testid="second-passphrase-state">Stored in the vault: this wallet co-signs with it.</p>
          <ConfirmAction
            label="Remove second passphrase"
            confirmLabel="Yes, remove it from the vault"
            disabled={busy}
            warning={
              registeredOnChain
                ? 'The chain requires it: this wallet cannot send until you add it again. Make sure you have it written down.'
                : 'It is not registered on chain, so nothing else changes.'
            }
            onConfirm={() => run(() => call('wallets:remove-second-passphrase', { walletId: wallet.id }))}
          />
        </>
      ) : registeredOnChain ? (
        <form onSubmit={add} aria-label="Add second passphrase">
          <p data-testid="second-passphrase-state">
            Registered on chain but not in this vault: add it to send from this wallet.
          </p>
          <label>
            Second passphrase
            <SecretInput value={secret} onChange={(e) => setSecret(e.target.value)} required />
          </label>
          <button type="submit" disabled={busy}>
            Add second passphrase
          </button>
        </form>
      ) : (
        <p className="muted" data-testid="second-passphrase-state">
          None. You can register one on the Delegate page.
        </p>
      )}
    </section>
  );
}
