/**
 * What the alert list, the sidebar badge and desktop notifications derive from `monitor:alerts`.
 * Pure, so the "an alert is not repeated while its condition lasts" promise on the renderer side is testable.
 */
import type { AlertView } from '../../shared/domain/app';
import type { AlertRule, MonitorAlertView } from '../../shared/domain/monitor';

export const RULE_LABELS: Record<AlertRule, string> = {
  'delegate-missed-slot': 'My delegate missed a slot',
  'delegate-forging-set': 'My delegate left or entered the forging set',
  'voted-delegate': 'A delegate I vote for resigned or dropped out',
  'node-behind': 'My node is behind the network',
  'node-stalled': 'My node stopped advancing',
  fork: 'A fork is seen',
  'delegate-rank': 'My delegate’s rank changed',
  'delegate-voters': 'A voter of my delegate joined, left or moved a large balance',
};

export const RULES = Object.keys(RULE_LABELS) as AlertRule[];

/** Active, not dismissed: what the badge counts and what the list puts first. */
export function isOpen(alert: MonitorAlertView): boolean {
  return alert.active && !alert.dismissed;
}

export function openCount(alerts: readonly MonitorAlertView[]): number {
  return alerts.filter(isOpen).length;
}

/**
 * Alerts to announce: open ones whose id was not in the previous list. A coalesced alert (its `count` growing)
 * keeps its id, so it is announced once. `previous` undefined means the first load: nothing is announced, so an
 * app start does not replay old alerts.
 */
export function newlyRaised(
  previous: ReadonlySet<string> | undefined,
  next: readonly MonitorAlertView[],
): MonitorAlertView[] {
  if (previous === undefined) return [];
  return next.filter((alert) => isOpen(alert) && !previous.has(alert.id));
}

/** The in-app list: open alerts first (newest first), then the rest (newest first). */
export function partitionAlerts(alerts: readonly MonitorAlertView[]): {
  open: MonitorAlertView[];
  recent: MonitorAlertView[];
} {
  const newest = [...alerts].sort((a, b) => b.raisedAt - a.raisedAt);
  return { open: newest.filter(isOpen), recent: newest.filter((alert) => !isOpen(alert)) };
}

/** "Active", "Cleared 12:03:04", "Dismissed". */
export function alertStatusText(alert: MonitorAlertView, formatTime: (ms: number) => string): string {
  if (alert.active && !alert.dismissed) return 'Active';
  if (alert.active) return 'Dismissed (condition still active)';
  return alert.clearedAt === undefined ? 'Cleared' : `Cleared ${formatTime(alert.clearedAt)}`;
}

/**
 * What the app itself announces (core `events.alert`: a payment received, a node that stops or starts answering, a
 * webhook that failed), by its code, as a title; the message says the rest.
 */
export const NOTICE_LABELS: Readonly<Record<string, string>> = {
  INCOMING_TRANSACTION: 'Payment received',
  NODE_UNREACHABLE: 'The node does not answer',
  NODE_REACHABLE: 'The node answers again',
  WEBHOOK_FAILED: 'The webhook did not take an alert',
  FORGING_FAILED: 'Forging failed',
  OWN_NODE_FAILED: 'Your node did not start',
  OWN_NODE_STOPPED: 'Your node stopped',
  API_PORT_IN_USE: 'The local API moved to another port',
  PENDING_LIST_DAMAGED: 'The pending list could not be read',
  PENDING_SAVE_FAILED: 'The pending list could not be saved',
  CORE_RESTARTED: 'The app’s core restarted',
  CORE_STOPPED: 'The app’s core stopped',
};

/** One line of the Recent list: a monitor alert no longer open, or a notice the app announced. */
export type RecentItem =
  | { kind: 'monitor'; key: string; label: string; message: string; at: number; alert: MonitorAlertView }
  | { kind: 'notice'; key: string; label: string; message: string; at: number; level: AlertView['level'] };

/**
 * The Recent list: the monitor's alerts that are no longer open and the app's notices since this window opened (the
 * ones a webhook and a desktop notification carry too), together, newest first.
 */
export function recentItems(
  monitorRecent: readonly MonitorAlertView[],
  notices: readonly AlertView[],
): RecentItem[] {
  const items: RecentItem[] = [
    ...monitorRecent.map((alert) => ({
      kind: 'monitor' as const,
      key: alert.id,
      label: RULE_LABELS[alert.rule],
      message: alert.message,
      at: alert.raisedAt,
      alert,
    })),
    ...notices.map((notice, i) => ({
      kind: 'notice' as const,
      key: `${notice.code}-${notice.at}-${i}`,
      label: NOTICE_LABELS[notice.code] ?? 'Notice',
      message: notice.message,
      at: notice.at,
      level: notice.level,
    })),
  ];
  return items.sort((a, b) => b.at - a.at);
}
