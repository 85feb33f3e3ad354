/**
 * Where alerts go besides this screen: a webhook that receives each one as JSON (src/core/monitor/README.md
 * "Webhook"), and how large a voter's balance move must be to raise delegate-voters.
 */
import { useState, type FormEvent } from 'react';
import type { MonitorSettings } from '../../../shared/domain/monitor';
import { useVotary } from '../../store';

export function AlertDelivery({ settings }: { settings: MonitorSettings }) {
  const saveMonitorSettings = useVotary((s) => s.saveMonitorSettings);
  const reportError = useVotary((s) => s.reportError);
  const [webhook, setWebhook] = useState(settings.webhookUrl ?? '');
  const [threshold, setThreshold] = useState(String(settings.voterBalanceThreshold));
  const [note, setNote] = useState('');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const tokens = Number(threshold.trim());
    if (!Number.isInteger(tokens) || tokens < 0 || threshold.trim() === '') {
      reportError(new Error('The voter balance threshold is a whole number of tokens, 0 or more.'));
      return;
    }
    if (await saveMonitorSettings({ webhookUrl: webhook.trim(), voterBalanceThreshold: tokens })) {
      setNote(
        webhook.trim() === ''
          ? 'Saved: alerts go to no webhook.'
          : 'Saved: every new alert is also posted to the webhook.',
      );
    }
  };

  return (
    <form className="card" aria-label="Alert delivery" onSubmit={(e) => void save(e)}>
      <h2>Alerts outside the app</h2>
      <label>
        Webhook URL (https, or http on this machine; empty = none)
        <input
          type="url"
          value={webhook}
          onChange={(e) => setWebhook(e.target.value)}
          placeholder="https://ntfy.sh/your-topic"
          spellCheck={false}
          aria-describedby="webhook-help"
        />
      </label>
      <p id="webhook-help" className="muted small">
        Each alert is posted as JSON (source, version, level, code, message, at, network). A webhook that does
        not answer is tried three times, then named in an alert here.
      </p>
      <label>
        Alert when a voter of my delegate moves at least this many tokens (0 = never)
        <input inputMode="numeric" value={threshold} onChange={(e) => setThreshold(e.target.value)} />
      </label>
      <button type="submit">Save alert delivery</button>
      {note && (
        <p role="status" className="muted">
          {note}
        </p>
      )}
    </form>
  );
}
