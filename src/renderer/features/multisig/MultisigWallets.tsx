/** The profile's multisignature wallets, and importing one by its participants' public keys (multisig:import). */
import { useState, type FormEvent } from 'react';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import type { MultisigWallet } from './multisig-wallet';

export function parseKeys(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((key) => key.trim())
    .filter((key) => key !== '');
}

export function MultisigWallets({
  wallets,
  onChanged,
}: {
  wallets: MultisigWallet[];
  onChanged: () => void;
}) {
  const reportError = useVotary((s) => s.reportError);
  const loadWallets = useVotary((s) => s.loadWallets);
  const [keys, setKeys] = useState('');
  const [min, setMin] = useState('2');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await call('multisig:import', {
        min: Number(min),
        publicKeys: parseKeys(keys),
        ...(name.trim() === '' ? {} : { name: name.trim() }),
      });
      setKeys('');
      setName('');
      await loadWallets();
      onChanged();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="musig-wallets-title">
      <h2 id="musig-wallets-title">Multisignature wallets</h2>
      {wallets.length === 0 ? (
        <p className="muted">None yet: register one below, or import one by its participants’ public keys.</p>
      ) : (
        <table className="table" data-testid="musig-wallets">
          <thead>
            <tr>
              <th>Name</th>
              <th>Address</th>
              <th>Signatures</th>
              <th>On chain</th>
            </tr>
          </thead>
          <tbody>
            {wallets.map((w) => (
              <tr key={w.walletId}>
                <td>{w.name}</td>
                <td className="mono small">{w.address}</td>
                <td>
                  {w.min} of {w.publicKeys.length}
                </td>
                <td>{w.registered ? 'registered' : 'not registered yet'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <details>
        <summary>Import a multisignature wallet</summary>
        <form onSubmit={(event) => void submit(event)} aria-label="Import a multisignature wallet">
          <p className="muted small">
            Its address is derived from the participants’ keys and the number that must sign; it is kept as a
            watch wallet whose balance and history you can see. Spending needs its participants’ signatures.
          </p>
          <label className="field">
            Participants’ public keys (one a line, in the registration’s order)
            <textarea rows={3} value={keys} onChange={(e) => setKeys(e.target.value)} spellCheck={false} />
          </label>
          <label className="field">
            Signatures required
            <input type="number" min={1} max={16} value={min} onChange={(e) => setMin(e.target.value)} />
          </label>
          <label className="field">
            Name (optional)
            <input value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" disabled={busy || parseKeys(keys).length < 2}>
            Import
          </button>
        </form>
      </details>
    </section>
  );
}
