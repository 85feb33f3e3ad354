/**
 * Signing safeguards the core enforces (docs/design/security.md "Key store", "Fees"): after how many minutes
 * signing asks for the vault password again, and the fee ceiling in multiples of the network's fee.
 */
import { useEffect, useState } from 'react';
import { useVotary } from '../../store';
import { call } from '../../services/call';

export function SigningSettings() {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  // Undefined until the host has said what is saved: the fields stay disabled until then, so what a person types
  // is never overwritten by a late answer (and a blank field is never saved).
  const [minutes, setMinutes] = useState<string | undefined>();
  const [multiple, setMultiple] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    call('tx:sign-password').then((status) => setMinutes(String(status.minutes)), reportError);
    call('tx:fee-ceiling').then(({ multiple }) => setMultiple(String(multiple)), reportError);
  }, [reportError]);
  const loaded = minutes !== undefined && multiple !== undefined;

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
            setMinutes(e.target.value);
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
            setMultiple(e.target.value);
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
