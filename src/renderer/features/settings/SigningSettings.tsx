/**
 * Signing safeguards the core enforces (docs/design/security.md "Key store", "Fees"): after how many minutes
 * signing asks for the vault password again, and the fee ceiling in multiples of the network's fee. The fields
 * show the settings as saved (lib/reads/signing.ts: read again when any window saves them) until the person edits
 * one; what is typed is kept until it is saved.
 */
import { useState } from 'react';
import { useSigningSettings } from '../../lib/reads/signing';
import { useVotary } from '../../store';
import { call } from '../../services/call';

export function SigningSettings() {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const settings = useSigningSettings(reportError);
  const stored = settings.value;
  // What the person typed, over what is saved; undefined: the field shows the saved value. The fields stay disabled
  // until the host has said what is saved, so what a person types is never overwritten by an answer (and a blank
  // field is never saved).
  const [typed, setTyped] = useState<{ minutes?: string; multiple?: string }>({});
  const [saved, setSaved] = useState(false);
  const minutes = typed.minutes ?? (stored === undefined ? undefined : String(stored.minutes));
  const multiple = typed.multiple ?? (stored === undefined ? undefined : String(stored.multiple));
  const loaded = stored !== undefined;

  const save = async () => {
    if (minutes === undefined || multiple === undefined) return;
    const after = Number(minutes);
    const times = Number(multiple);
    if (!/^\d{1,4}$/.test(minutes) || after > 1440) {
      reportError(new Error('Ask again after a whole number of minutes from 0 (never) to 1440.'));
      return;
    }
    if (!/^\d{1,7}$/.test(multiple) || times < 1) {
      reportError(new Error('The fee ceiling is a whole number of times the network’s fee, at least 1.'));
      return;
    }
    try {
      await call('tx:sign-password', { minutes: after });
      await call('tx:fee-ceiling', { multiple: times });
      clearError();
      // Saved: the fields show the settings as saved (the host pushes them to every window).
      settings.replace({ minutes: after, multiple: times });
      setTyped({});
      setSaved(true);
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <fieldset>
      <legend>Signing</legend>
      <label>
        Ask for the vault password again before signing when it was entered more than this many minutes ago (0
        = never)
        <input
          inputMode="numeric"
          value={minutes ?? ''}
          disabled={!loaded}
          onChange={(e) => {
            setTyped({ ...typed, minutes: e.target.value });
            setSaved(false);
          }}
        />
      </label>
      <label>
        Ask for a second confirmation when a fee is more than this many times the network’s fee
        <input
          inputMode="numeric"
          value={multiple ?? ''}
          disabled={!loaded}
          onChange={(e) => {
            setTyped({ ...typed, multiple: e.target.value });
            setSaved(false);
          }}
        />
      </label>
      <button type="button" disabled={!loaded} onClick={() => void save()}>
        Save signing settings
      </button>
      {saved && <p role="status">Saved.</p>}
    </fieldset>
  );
}
