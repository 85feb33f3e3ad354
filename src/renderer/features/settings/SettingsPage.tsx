import { useState } from 'react';
import type { ThemeChoice } from '../../lib/theme';
import { useVotary } from '../../store';
import { DeviceUnlock } from './DeviceUnlock';
import { NetworkSettings } from './NetworkSettings';
import { PasswordChange } from './PasswordChange';
import { SigningSettings } from './SigningSettings';
import { call } from '../../services/call';

export function SettingsPage() {
  const theme = useVotary((s) => s.theme);
  const setTheme = useVotary((s) => s.setTheme);
  const vault = useVotary((s) => s.vault);
  const vaultChanged = useVotary((s) => s.vaultChanged);
  const reportError = useVotary((s) => s.reportError);
  const [minutes, setMinutes] = useState(String(Math.round((vault?.idleLockMs ?? 0) / 60_000)));

  const saveAutoLock = async () => {
    const value = Number.parseInt(minutes, 10);
    if (!Number.isInteger(value) || value < 0) {
      reportError(new Error('Auto-lock takes a whole number of minutes (0 = never).'));
      return;
    }
    try {
      vaultChanged(await call('keystore:set-auto-lock', { minutes: value }));
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
          <input inputMode="numeric" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </label>
        <button type="button" onClick={() => void saveAutoLock()}>
          Save auto-lock
        </button>
      </fieldset>
      <SigningSettings />
      <DeviceUnlock />
      <PasswordChange />
      <NetworkSettings />
    </section>
  );
}
