/** The monitor slice with its services replaced: alert reloads, desktop notifications only for new alerts. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MonitorAlertView } from '../../../src/shared/domain/monitor';

const monitor = vi.hoisted(() => ({ listAlerts: vi.fn(), dismissAlert: vi.fn(), monitorSettings: vi.fn() }));
const notify = vi.hoisted(() => ({
  notificationAccess: vi.fn(() => 'granted'),
  showDesktopNotification: vi.fn(),
}));
// The host, channel by channel (src/renderer/services/call.ts), answered by the functions above.
vi.mock('../../../src/renderer/services/call', () => ({
  call: (channel: string, request?: Record<string, unknown>): unknown => {
    switch (channel) {
      case 'monitor:alerts':
        return monitor.listAlerts(request);
      case 'monitor:dismiss-alert':
        return monitor.dismissAlert(request?.['id']);
      case 'monitor:settings':
        return monitor.monitorSettings(request);
      default:
        return Promise.reject(new Error(`no answer for ${channel} in this test`));
    }
  },
}));
vi.mock('../../../src/renderer/lib/desktop-notifications', () => notify);

const { createVotaryStore } = await import('../../../src/renderer/store');

const alert = (id: string, over: Partial<MonitorAlertView> = {}): MonitorAlertView => ({
  id,
  rule: 'delegate-missed-slot',
  level: 'warning',
  message: `genesis_3 missed slot ${id}`,
  subject: 'pk',
  networkId: 'embedded',
  raisedAt: 1,
  active: true,
  dismissed: false,
  count: 1,
  ...over,
});

beforeEach(() => {
  vi.clearAllMocks();
  notify.notificationAccess.mockReturnValue('granted');
});

describe('monitor slice', () => {
  it('notifies once per newly raised alert, never for the first load or a coalesced repeat', async () => {
    const store = createVotaryStore();
    expect(store.getState().desktopNotifications).toBe(true);
    monitor.listAlerts.mockResolvedValueOnce([alert('old')]);
    await store.getState().loadAlerts();
    expect(notify.showDesktopNotification).not.toHaveBeenCalled();

    monitor.listAlerts.mockResolvedValueOnce([alert('new'), alert('old', { count: 3 })]);
    await store.getState().loadAlerts();
    expect(notify.showDesktopNotification).toHaveBeenCalledTimes(1);
    expect(notify.showDesktopNotification).toHaveBeenCalledWith(
      'My delegate missed a slot',
      'genesis_3 missed slot new',
      'new',
    );

    monitor.listAlerts.mockResolvedValueOnce([alert('new', { count: 2 }), alert('old', { count: 4 })]);
    await store.getState().loadAlerts();
    expect(notify.showDesktopNotification).toHaveBeenCalledTimes(1);
  });

  it('does not notify when the user turned notifications off', async () => {
    const store = createVotaryStore();
    store.getState().setDesktopNotifications(false);
    monitor.listAlerts.mockResolvedValueOnce([]);
    await store.getState().loadAlerts();
    monitor.listAlerts.mockResolvedValueOnce([alert('a')]);
    await store.getState().loadAlerts();
    expect(notify.showDesktopNotification).not.toHaveBeenCalled();
  });

  it('monitor:update bumps the topics it names and reloads alerts only for the alerts topic', async () => {
    const store = createVotaryStore();
    monitor.listAlerts.mockResolvedValue([alert('a')]);
    store.getState().monitorUpdated({ networkId: 'embedded', topics: ['round', 'blocks'], at: 1 });
    expect(store.getState().monitorVersion).toEqual({ nodes: 0, round: 1, blocks: 1, alerts: 0 });
    expect(monitor.listAlerts).not.toHaveBeenCalled();
    store.getState().monitorUpdated({ networkId: 'embedded', topics: ['alerts'], at: 2 });
    await vi.waitFor(() => expect(store.getState().monitorAlerts).toHaveLength(1));
  });

  it('dismissing reloads the list; a failure reaches the error banner', async () => {
    const store = createVotaryStore();
    monitor.dismissAlert.mockResolvedValueOnce(undefined);
    monitor.listAlerts.mockResolvedValueOnce([alert('a', { dismissed: true })]);
    await store.getState().dismissMonitorAlert('a');
    expect(monitor.dismissAlert).toHaveBeenCalledWith('a');
    expect(store.getState().monitorAlerts[0]?.dismissed).toBe(true);
    monitor.monitorSettings.mockRejectedValueOnce(new Error('refused'));
    expect(await store.getState().saveMonitorSettings({ behindThreshold: 3 })).toBe(false);
    expect(store.getState().error?.message).toBe('refused');
  });
});
