/**
 * What the alert list, the sidebar badge and desktop notifications derive from `alerts:list`.
 * Pure, so the "an alert is not repeated while its condition lasts" promise on the renderer side is testable.
 */
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
