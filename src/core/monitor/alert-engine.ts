/**
 * Alert semantics: an alert is raised once when its condition starts, is not repeated while the
 * condition lasts, and is cleared when it ends. A rule switched off raises nothing and clears what it had
 * raised. Repeated occurrences of a lasting condition (a delegate that keeps missing its slots) are coalesced
 * into the active alert's count. One-shot events (a delegate entered the forging set) are recorded as raised and
 * cleared at once. Alerts are persisted, so a restart does not raise a lasting condition again.
 */
import type { AlertRule, MonitorAlertView, MonitorSettings } from '../../shared/domain/monitor';
import type { AlertLevel, AlertStore } from '../db/monitor/alert-store';

export type AlertChange = 'raised' | 'repeated' | 'cleared';

export interface AlertDetail {
  level: AlertLevel;
  message: string;
}

export class AlertEngine {
  constructor(
    private readonly store: AlertStore,
    private readonly settings: () => MonitorSettings,
    private readonly onChange: (alert: MonitorAlertView, change: AlertChange) => void,
  ) {}

  enabled(rule: AlertRule): boolean {
    return this.settings().rules[rule] !== false;
  }

  /** The condition (rule, subject) holds (detail) or not (undefined). */
  set(network: string, rule: AlertRule, subject: string, detail: AlertDetail | undefined, now: number): void {
    const active = this.store.active(network, rule, subject);
    if (detail === undefined || !this.enabled(rule)) {
      if (active !== undefined) this.clear(active, now);
      return;
    }
    if (active !== undefined) return;
    this.onChange(this.store.raise(network, { rule, subject, ...detail }, now), 'raised');
  }

  /** One more occurrence: raises when nothing is active for (rule, subject), else counts into the active one. */
  occur(network: string, rule: AlertRule, subject: string, detail: AlertDetail, now: number): void {
    if (!this.enabled(rule)) return;
    const active = this.store.active(network, rule, subject);
    if (active === undefined) {
      this.onChange(this.store.raise(network, { rule, subject, ...detail }, now), 'raised');
      return;
    }
    this.store.repeat(active.id, detail.message);
    this.onChange({ ...active, count: active.count + 1, message: detail.message }, 'repeated');
  }

  /** A one-shot event: notified, and listed as already cleared. */
  event(network: string, rule: AlertRule, subject: string, detail: AlertDetail, now: number): void {
    if (!this.enabled(rule)) return;
    const raised = this.store.raise(network, { rule, subject, ...detail }, now);
    this.store.cleared(raised.id, now);
    this.onChange({ ...raised, active: false, clearedAt: now }, 'raised');
  }

  /** Every (subject → detail) that holds for `rule` now; active alerts of other subjects clear. */
  reconcile(network: string, rule: AlertRule, holding: ReadonlyMap<string, AlertDetail>, now: number): void {
    for (const alert of this.store.activeAll(network)) {
      if (alert.rule === rule && !holding.has(alert.subject)) this.clear(alert, now);
    }
    for (const [subject, detail] of holding) this.set(network, rule, subject, detail, now);
  }

  /** Clears the active alerts of rules that are switched off. */
  applySettings(network: string, now: number): void {
    for (const alert of this.store.activeAll(network)) if (!this.enabled(alert.rule)) this.clear(alert, now);
  }

  private clear(alert: MonitorAlertView, now: number): void {
    this.store.cleared(alert.id, now);
    this.onChange({ ...alert, active: false, clearedAt: now }, 'cleared');
  }
}
