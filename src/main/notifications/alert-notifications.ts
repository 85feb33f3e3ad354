/**
 * Desktop notifications for the monitor's alerts and for payments received: each new alert the core raises
 * (push event `monitor:alert` with a `MONITOR_…` code — raised once per condition, never repeated while it lasts — or
 * INCOMING_TRANSACTION, once per payment in a forged block) becomes one Electron Notification. Other `monitor:alert`
 * events (port in use, forging failures, a webhook that failed) stay in the window.
 */
import { Notification } from 'electron';
import type { CoreLink } from '../core-process/core-bridge';
import { IPC_EVENT_SCHEMAS } from '../../shared/ipc/contract';

export function forwardAlertNotifications(core: CoreLink): () => void {
  if (!Notification.isSupported()) return () => undefined;
  return core.subscribe((event, payload) => {
    if (event !== 'monitor:alert') return;
    const alert = IPC_EVENT_SCHEMAS['monitor:alert'].parse(payload);
    if (!alert.code.startsWith('MONITOR_') && alert.code !== 'INCOMING_TRANSACTION') return;
    new Notification({
      title:
        alert.code === 'INCOMING_TRANSACTION'
          ? 'Votary — payment received'
          : alert.level === 'info'
            ? 'Votary'
            : `Votary — ${alert.level}`,
      body: alert.message,
      urgency: alert.level === 'error' ? 'critical' : 'normal',
    }).show();
  });
}
