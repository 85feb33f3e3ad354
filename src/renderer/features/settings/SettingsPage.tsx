import { useState } from 'react';
import type { ThemeChoice } from '../../lib/theme';
import { useVotary } from '../../store';
import { DeviceUnlock } from './DeviceUnlock';
import { NetworkSettings } from './NetworkSettings';
import { PasswordChange } from './PasswordChange';
import { SigningSettings } from './SigningSettings';
import { PriceSettings } from './PriceSettings';
import { call } from '../../services/call';
import { FieldError } from '../../components/FieldError';
import { autoLockProblem } from './auto-lock';

export function SettingsPage() {
  const theme = useVotary((s) => s.theme);
  const setTheme = useVotary((s) => s.setTheme);
  const vault = useVotary((s) => s.vault);
  const vaultChanged = useVotary((s) => s.vaultChanged);
  const reportError = useVotary((s) => s.reportError);
  const [minutes, setMinutes] = useState(String(Math.round((vault?.idleLockMs ?? 0) / 60_000)));
  const [saved, setSaved] = useState<string | undefined>();
  const problem = autoLockProblem(minutes);

  const saveAutoLock = async () => {
    if (problem !== undefined) return;
    const value = Number(minutes.trim());
    try {
      vaultChanged(await call('vault:set-auto-lock', { minutes: value }));
      setSaved(
        value === 0
          ? 'Saved: the vault no longer locks by itself.'
          : `Saved: the vault locks after ${value} idle minute${value === 1 ? '' : 's'}.`,
      );
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <fieldset>
        <legend>Theme</legend>
        {(['system', 'light', 'dark'] as ThemeChoice[]).map((choice) => (
          <label key={choice} className="inline">
            <input type="radio" name="theme" checked={theme === choice} onChange={() => setTheme(choice)} />
            {choice === 'system' ? 'Follow the system' : choice === 'light' ? 'Light' : 'Dark'}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Auto-lock</legend>
        <label>
          Lock the vault after this many idle minutes (0 = never)
          <input
            inputMode="numeric"
            value={minutes}
            aria-invalid={problem !== undefined}
            aria-describedby={problem === undefined ? undefined : 'auto-lock-error'}
            onChange={(e) => {
              setMinutes(e.target.value);
              setSaved(undefined);
            }}
          />
        </label>
        <FieldError id="auto-lock-error" message={problem} />
        <button type="button" disabled={problem !== undefined} onClick={() => void saveAutoLock()}>
          Save auto-lock
        </button>
        {saved !== undefined && <p role="status">{saved}</p>}
      </fieldset>
      <PriceSettings />
      <SigningSettings />
      <DeviceUnlock />
      <PasswordChange />
      <NetworkSettings />
    </section>
  );
}
