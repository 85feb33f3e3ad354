/** Create or unlock the vault. Passwords stay in this form's state and are cleared on every submit. */
import { useState, type FormEvent } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PasswordStrengthMeter, usePasswordStrength } from '../../components/PasswordStrengthMeter';
import { SecretInput } from '../../components/SecretInput';
import { useVotary } from '../../store';
import { HostStatus } from '../shell/HostStatus';
import { ProfileChooser } from '../profiles/ProfileChooser';
import { call } from '../../services/call';
import { useKeychainStatus } from '../../lib/reads/vault';

export function VaultGate() {
  const vault = useVotary((s) => s.vault);
  const createVault = useVotary((s) => s.createVault);
  const unlockVault = useVotary((s) => s.unlockVault);
  const reportError = useVotary((s) => s.reportError);
  const vaultChanged = useVotary((s) => s.vaultChanged);
  const awaitingUnlock = useVotary((s) => s.awaitingUnlock);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  const creating = vault?.hasVault !== true;
  const strength = usePasswordStrength(creating ? password : '');

  // "Unlock on this device" (Settings) offers a second way in; a keychain that cannot answer just hides it.
  const keychain = useKeychainStatus(!creating);
  const deviceUnlock =
    keychain.error === undefined && keychain.value?.available === true && keychain.value.enabled;

  const unlockHere = async () => {
    setBusy(true);
    try {
      vaultChanged(await call('vault:unlock-with-device'));
    } catch (error) {
      reportError(error);
    }
    setBusy(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The fields keep what was typed after a refusal, to correct it; on success this screen goes away.
    const given = password;
    const repeated = confirm;
    if (creating && given !== repeated) {
      reportError(new Error('The two passwords differ. Type the same password twice.'));
      return;
    }
    if (creating && strength !== undefined && !strength.acceptable) {
      reportError(new Error(`That password is too easy to guess (${strength.label}). Choose a longer one.`));
      return;
    }
    setBusy(true);
    if (creating) await createVault(given);
    else await unlockVault(given);
    setBusy(false);
  };

  return (
    <main className="gate">
      <h1>Votary</h1>
      <form
        className="card"
        onSubmit={(event) => void submit(event)}
        aria-label={creating ? 'Create vault' : 'Unlock'}
      >
        <h2>{creating ? 'Create your vault' : 'Unlock your vault'}</h2>
        <p className="muted">
          {creating
            ? 'Your keys are kept encrypted on this device with this password. Votary cannot recover it. Use at least 8 characters that are hard to guess: a few unrelated words work well.'
            : vault?.lockedBy === 'idle'
              ? 'The vault locked itself after a while without use.'
              : 'Enter your password to open your wallets.'}
        </p>
        {!creating && awaitingUnlock !== undefined && <p role="status">{awaitingUnlock}</p>}
        <ErrorBanner />
        <label>
          Password
          <SecretInput
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            revealed={shown}
            required
            autoFocus
          />
        </label>
        {creating && <PasswordStrengthMeter strength={strength} />}
        {creating && (
          <label>
            Confirm password
            <SecretInput
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              revealed={shown}
              required
            />
          </label>
        )}
        <label className="inline">
          <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
          Show password
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Working…' : creating ? 'Create vault' : 'Unlock'}
        </button>
        {deviceUnlock && (
          <button type="button" disabled={busy} onClick={() => void unlockHere()}>
            Unlock with this device
          </button>
        )}
      </form>
      <ProfileChooser />
      <HostStatus />
    </main>
  );
}
