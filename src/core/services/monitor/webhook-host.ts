/**
 * Every alert of the open profile (the monitor's rules, incoming transactions, an unreachable node) POSTed to the
 * webhook its monitor settings name (core/monitor/webhook.ts; the JSON shape is in src/core/monitor/README.md "Webhook"). A
 * delivery that failed for good is itself an alert in the window (WEBHOOK_FAILED), never sent to the webhook.
 */
import type { NodeMonitor } from '../../monitor';
import { WebhookSender, type WebhookOptions } from '../../monitor/webhook';
import type { AppEvents } from '../events';
import type { Networks } from '../networks/networks';

/** Starts forwarding; returns what stops it (the queue is dropped). */
export function forwardToWebhook(
  events: AppEvents,
  monitor: NodeMonitor,
  networks: Networks,
  options: WebhookOptions = {},
): () => void {
  const sender = new WebhookSender({
    ...options,
    onFailure: (reason) => events.alert('warning', 'WEBHOOK_FAILED', reason),
  });
  const off = events.tapAlerts((alert) => {
    if (alert.code.startsWith('WEBHOOK_')) return;
    const url = monitor.settings.get().webhookUrl;
    if (url === null) return;
    sender.post(url, {
      source: 'votary',
      version: 1,
      level: alert.level,
      code: alert.code,
      message: alert.message,
      at: new Date(alert.at).toISOString(),
      network: networks.active().name,
    });
  });
  return () => {
    off();
    sender.close();
  };
}
