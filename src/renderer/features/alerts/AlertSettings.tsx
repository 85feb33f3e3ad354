/** Alert rules and their settings (each rule can be switched off; "my delegates"; N blocks behind). */
import { useState, type FormEvent } from 'react';
import type { AlertRule, MonitorSettings } from '../../../shared/domain/monitor';
import { RULE_LABELS, RULES } from '../../lib/alerts';
import { useVotary } from '../../store';
import { checkSettingsForm } from './alert-settings-model';

export function AlertSettings({ settings }: { settings: MonitorSettings }) {
  const saveMonitorSettings = useVotary((s) => s.saveMonitorSettings);
  const reportError = useVotary((s) => s.reportError);
  const [delegates, setDelegates] = useState(settings.myDelegates.join(', '));
  const [behind, setBehind] = useState(String(settings.behindThreshold));
  const [stall, setStall] = useState(String(settings.stallSeconds));
  const [poll, setPoll] = useState(String(settings.pollSeconds));
  const [note, setNote] = useState('');

  const toggle = async (rule: AlertRule, on: boolean) => {
    if (await saveMonitorSettings({ rules: { [rule]: on } })) {
      setNote(`${RULE_LABELS[rule]}: ${on ? 'on' : 'off'}.`);
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const numbers = {
      behindThreshold: Number(behind),
      stallSeconds: Number(stall),
      pollSeconds: Number(poll),
    };
    const check = checkSettingsForm(delegates, numbers);
    if (!check.ok) {
      reportError(new Error(check.message));
      return;
    }
    if (await saveMonitorSettings({ myDelegates: check.myDelegates, ...numbers })) {
      setDelegates(check.myDelegates.join(', '));
      setNote('Alert settings saved.');
    }
  };

  return (
    <div className="card">
      <h2>Alert rules</h2>
      <fieldset>
        <legend>Raise an alert when</legend>
        {RULES.map((rule) => (
          <label className="inline" key={rule}>
            <input
              type="checkbox"
              checked={settings.rules[rule] !== false}
              onChange={(e) => void toggle(rule, e.target.checked)}
            />
            {RULE_LABELS[rule]}
          </label>
        ))}
      </fieldset>
      <form onSubmit={(e) => void save(e)}>
        <label>
          My delegates (usernames or public keys, separated by commas)
          <textarea
            rows={2}
            value={delegates}
            onChange={(e) => setDelegates(e.target.value)}
            aria-describedby="my-delegates-help"
          />
        </label>
        <p id="my-delegates-help" className="muted small">
          Delegates registered by wallets in this vault are watched as yours too.
        </p>
        <div className="row wrap">
          <label>
            Blocks behind before alerting
            <input
              type="number"
              min={1}
              max={100000}
              value={behind}
              onChange={(e) => setBehind(e.target.value)}
            />
          </label>
          <label>
            Seconds without a new block before alerting
            <input
              type="number"
              min={5}
              max={86400}
              value={stall}
              onChange={(e) => setStall(e.target.value)}
            />
          </label>
          <label>
            Poll every (seconds)
            <input type="number" min={1} max={600} value={poll} onChange={(e) => setPoll(e.target.value)} />
          </label>
        </div>
        <button type="submit" className="primary">
          Save alert settings
        </button>
      </form>
      {note && (
        <p role="status" className="muted">
          {note}
        </p>
      )}
    </div>
  );
}
