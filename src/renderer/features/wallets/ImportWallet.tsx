/** Import by passphrase or WIF, or watch an address. Secrets stay in this form and are cleared on submit. */
import { FieldError } from '../../components/FieldError';
import { useState, type FormEvent } from 'react';
import { SecretInput } from '../../components/SecretInput';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { useRead } from '../../lib/use-read';

type Mode = 'passphrase' | 'wif' | 'watch';

export function ImportWallet({ onDone }: { onDone: () => void }) {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const walletSaved = useVotary((s) => s.walletSaved);
  const [mode, setMode] = useState<Mode>('passphrase');
  const [name, setName] = useState('');
  const [secret, setSecret] = useState('');
  const [address, setAddress] = useState('');
  // Typed from paper, a long phrase is checked word by word: shown while the person asks, as the vault's password.
  const [revealed, setRevealed] = useState(false);
  // Before importing: the address this secret gives, and whether a passphrase is a valid BIP39 phrase (one
  // misspelled word still gives a working wallet, but not the one the person meant). Shown only for the text in the
  // field: an answer for earlier text is dropped.
  const preview = useRead(
    mode === 'watch' || secret.trim() === ''
      ? undefined
      : () =>
          call('wallets:preview-import', mode === 'wif' ? { wif: secret.trim() } : { passphrase: secret }),
    `${mode}\n${secret}`,
    { delayMs: 250 },
  );
  const shown: { address?: string; bip39?: boolean; problem?: string } | undefined =
    mode === 'watch' || secret.trim() === ''
      ? undefined
      : preview.state === 'ready'
        ? preview.value
        : preview.state === 'failed'
          ? { problem: preview.error.message }
          : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = secret;
    setSecret('');
    setRevealed(false);
    const named = name.trim() === '' ? {} : { name: name.trim() };
    try {
      const wallet =
        mode === 'passphrase'
          ? await call('wallets:import-passphrase', { ...named, passphrase: given })
          : mode === 'wif'
            ? await call('wallets:import-wif', { ...named, wif: given.trim() })
            : await call('wallets:add-watch-only', { ...named, address: address.trim() });
      walletSaved(wallet);
      clearError();
      onDone();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <form className="card" onSubmit={(e) => void submit(e)} aria-label="Import wallet">
      <h2>Import or watch a wallet</h2>
      <fieldset>
        <legend>How</legend>
        {(
          [
            ['passphrase', 'Passphrase'],
            ['wif', 'WIF'],
            ['watch', 'Watch-only address'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="inline">
            <input type="radio" name="import-mode" checked={mode === value} onChange={() => setMode(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      <label>
        Wallet name (optional)
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
      </label>
      {mode === 'watch' ? (
        <label>
          Address
          <input value={address} onChange={(e) => setAddress(e.target.value)} spellCheck={false} required />
        </label>
      ) : (
        <>
          <label>
            {mode === 'wif' ? 'WIF' : 'Passphrase'}
            <SecretInput
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              revealed={revealed}
              required
            />
          </label>
          <label className="inline">
            <input type="checkbox" checked={revealed} onChange={(e) => setRevealed(e.target.checked)} />
            Show {mode === 'wif' ? 'WIF' : 'passphrase'}
          </label>
        </>
      )}
      {shown?.address !== undefined && (
        <p data-testid="import-address">
          This gives the address <span className="mono">{shown.address}</span>
        </p>
      )}
      {shown?.bip39 === false && mode === 'passphrase' && (
        <p className="warning-note" role="alert">
          This is not a valid BIP39 recovery phrase (a word is misspelled, missing or not on the list). It
          still opens a wallet, but a different one from a phrase with a typo: check that the address above is
          yours.
        </p>
      )}
      <FieldError message={shown?.problem} />
      <div className="row">
        <button type="submit" className="primary">
          {mode === 'watch' ? 'Watch address' : 'Import wallet'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
