/**
 * The node monitor in the store: alerts and settings live here because the sidebar badge and
 * desktop notifications need them on every page; the screens fetch their own views (round, samples,
 * productivity) and refetch when `monitorVersion` moves — `monitor:update` only names the topics that changed.
 */
import type { DelegateView } from '../../shared/domain/chain-views';
import type {
  MonitorAlertView,
  MonitorSettings,
  MonitorSettingsPatch,
  MonitorUpdateEvent,
} from '../../shared/domain/monitor';
import { newlyRaised, RULE_LABELS } from '../lib/alerts';
import { announce } from '../lib/announce';
import { notificationAccess, showDesktopNotification } from '../lib/desktop-notifications';
import { plainError } from '../lib/errors';
import type { Slice } from './slice';
import type { AppSlice } from './app-slice';
import type { NodeSlice } from './node-slice';
import { call } from '../services/call';

export type MonitorTopic = MonitorUpdateEvent['topics'][number];

export interface MonitorSlice {
  /** Bumped per topic by `monitor:update`; screens depend on the counter of what they show. */
  monitorVersion: Record<MonitorTopic, number>;
  monitorAlerts: MonitorAlertView[];
  /** Ids of the last loaded list (undefined before the first load: nothing is announced then). */
  knownAlertIds: ReadonlySet<string> | undefined;
  monitorSettings: MonitorSettings | undefined;
  /** Desktop notifications for new alerts (the browser shell; the user turns them on with a gesture). */
  desktopNotifications: boolean;
  /** The delegate the delegate page shows (opened from the Delegates list or the round timeline). */
  viewedDelegate: DelegateView | undefined;
  /** Its username: what the URL names, so a reload finds the delegate again. */
  viewedDelegateName: string | undefined;
  openDelegate: (delegate: DelegateView) => void;
  loadAlerts: () => Promise<void>;
  dismissMonitorAlert: (id?: string) => Promise<void>;
  loadMonitorSettings: () => Promise<void>;
  saveMonitorSettings: (patch: MonitorSettingsPatch) => Promise<boolean>;
  monitorUpdated: (event: MonitorUpdateEvent) => void;
  setDesktopNotifications: (on: boolean) => void;
}

export const createMonitorSlice: Slice<
  MonitorSlice,
  Pick<AppSlice, 'error' | 'navigate'> & Pick<NodeSlice, 'node'>
> = (set, get) => ({
  monitorVersion: { nodes: 0, round: 0, blocks: 0, alerts: 0 },
  monitorAlerts: [],
  knownAlertIds: undefined,
  monitorSettings: undefined,
  // Permission already granted means the user turned them on before (browsers keep it per origin).
  desktopNotifications: notificationAccess() === 'granted',
  viewedDelegate: undefined,
  viewedDelegateName: undefined,
  openDelegate: (delegate) => {
    set({ viewedDelegate: delegate, viewedDelegateName: delegate.username });
    get().navigate('delegate-info');
  },
  loadAlerts: async () => {
    try {
      const list = await call('alerts:list', { limit: 100 });
      const fresh = newlyRaised(get().knownAlertIds, list);
      set({ monitorAlerts: list, knownAlertIds: new Set(list.map((alert) => alert.id)) });
      // Said to screen readers as it arrives, as a desktop notification says it to everyone else.
      for (const alert of fresh) announce(`Alert, ${RULE_LABELS[alert.rule]}: ${alert.message}`);
      if (get().desktopNotifications) {
        for (const alert of fresh) showDesktopNotification(RULE_LABELS[alert.rule], alert.message, alert.id);
      }
    } catch (error) {
      set({ error: plainError(error) });
    }
  },
  dismissMonitorAlert: async (id) => {
    try {
      await call('alerts:dismiss', id === undefined ? {} : { id });
      await get().loadAlerts();
    } catch (error) {
      set({ error: plainError(error) });
    }
  },
  loadMonitorSettings: async () => {
    try {
      set({ monitorSettings: await call('monitor:settings') });
    } catch (error) {
      set({ error: plainError(error) });
    }
  },
  saveMonitorSettings: async (patch) => {
    try {
      set({ monitorSettings: await call('monitor:settings', patch), error: undefined });
      return true;
    } catch (error) {
      set({ error: plainError(error) });
      return false;
    }
  },
  monitorUpdated: (event) => {
    const node = get().node;
    if (node !== undefined && node.networkId !== event.networkId) return;
    const version = { ...get().monitorVersion };
    for (const topic of event.topics) version[topic] += 1;
    set({ monitorVersion: version });
    if (event.topics.includes('alerts')) void get().loadAlerts();
  },
  setDesktopNotifications: (on) => set({ desktopNotifications: on }),
});
