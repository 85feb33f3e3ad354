/**
 * The Alerts screen lists what the app announced (a payment received, a node that stopped answering), not only the
 * monitor's rules: a payment that reached the webhook and the desktop is on the screen too.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertView } from '../../../src/shared/domain/app';
import type { MonitorAlertView } from '../../../src/shared/domain/monitor';
import { AlertsPage } from '../../../src/renderer/features/alerts/AlertsPage';
import { recentItems } from '../../../src/renderer/lib/alerts';
import { useVotary } from '../../../src/renderer/store';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const payment: AlertView = {
  level: 'info',
  code: 'INCOMING_TRANSACTION',
  message: 'Second received 2.5 Ѵ from your wallet Third on localnet.',
  at: Date.parse('2026-12-06T06:00:00Z'),
};
const cleared: MonitorAlertView = {
  id: 'm1',
  rule: 'node-behind',
  level: 'warning',
  message: 'Your node is 12 blocks behind.',
  subject: 'node',
  networkId: 'localnet',
  raisedAt: Date.parse('2026-12-06T05:00:00Z'),
  active: false,
  dismissed: false,
  count: 1,
};

const initial = useVotary.getInitialState();
const saved = { alerts: initial.alerts, monitorAlerts: initial.monitorAlerts };
afterEach(() => {
  Object.assign(initial, saved);
});

describe('the Alerts screen', () => {
  it('lists a payment the app announced under Recent, not “Nothing recent”', () => {
    Object.assign(initial, { alerts: [payment], monitorAlerts: [] });
    const page = text(renderToStaticMarkup(createElement(AlertsPage)));
    expect(page).not.toContain('Nothing recent');
    expect(page).toContain('Payment received');
    expect(page).toContain('Second received 2.5 Ѵ from your wallet Third on localnet.');
  });

  it('orders the app’s notices and the monitor’s cleared alerts together, newest first', () => {
    const items = recentItems([cleared], [payment]);
    expect(items.map((item) => item.message)).toEqual([payment.message, cleared.message]);
    expect(items.map((item) => item.label)).toEqual(['Payment received', 'My node is behind the network']);
  });
});
