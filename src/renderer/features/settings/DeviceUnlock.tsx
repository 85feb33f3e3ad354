/**
 * "Unlock on this device": an opt-in where the OS keychain keeps a wrapped vault key. Where no
 * keychain is available the switch is shown off and disabled, with the host's reason.
 */
import { useState } from 'react';
import { useKeychainStatus } from '../../lib/reads/vault';
import { useVotary } from '../../store';
import { call } from '../../services/call';

export function DeviceUnlock() {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const read = useKeychainStatus(true, { report: reportError });
  const keychain = read.value;
  const setKeychain = read.replace;
  const [busy, setBusy] = useState(false);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setKeychain(await call(on ? 'vault:keychain-enable' : 'vault:keychain-disable'));
      clearError();
    } catch (error) {
      reportError(error);
    }
    setBusy(false);
  };

  const available = keychain?.available === true;
  return (
    <fieldset>
      <legend>Unlock on this device</legend>
      <label className="inline">
        <input
          type="checkbox"
          role="switch"
          checked={keychain?.enabled === true}
          disabled={!available || busy}
          aria-describedby="keychain-status"
          onChange={(e) => void toggle(e.target.checked)}
        />
        Unlock on this device without the password
      </label>
      <p id="keychain-status" className="muted small" data-testid="keychain-status">
        {keychain === undefined
          ? '…'
          : !available
            ? `Unavailable: ${keychain.reason ?? 'no OS keychain here'}.`
            : keychain.enabled
              ? 'On: the OS keychain holds a key that unlocks this vault. Anyone using this account can open it.'
              : 'Off: the vault opens with its password only.'}
      </p>
    </fieldset>
  );
}
