/**
 * Alerts: the open alerts and the recent ones, dismissable; the rules and their settings; and, in the
 * browser shell, desktop notifications through the Web Notification API, turned on by the user (the permission
 * prompt needs a user gesture) — the Electron shell notifies from main.
 */
import { useEffect, useState } from 'react';
import type { MonitorAlertView } from '../../../shared/domain/monitor';
import {
  alertStatusText,
  partitionAlerts,
  recentItems,
  RULE_LABELS,
  type RecentItem,
} from '../../lib/alerts';
import { notificationAccess, requestNotificationAccess } from '../../lib/desktop-notifications';
import { useVotary } from '../../store';
import { AlertSettings } from './AlertSettings';
import { AlertDelivery } from './AlertDelivery';
import { dateTime, momentTime } from '../../lib/dates';

const time = (ms: number) => momentTime(ms);

function AlertItem({ alert }: { alert: MonitorAlertView }) {
  const dismiss = useVotary((s) => s.dismissMonitorAlert);
  return (
    <li
      className={`alert-item alert-${alert.level}`}
      data-testid={`alert-${alert.rule}`}
      data-active={alert.active}
      aria-label={`${RULE_LABELS[alert.rule]}: ${alert.message}`}
    >
      <div>
        <strong>{RULE_LABELS[alert.rule]}</strong>
        <p className="alert-message">{alert.message}</p>
        <p className="muted small">
          Raised {dateTime(alert.raisedAt)}
          {alert.count > 1 && ` · ${alert.count} times`} · {alertStatusText(alert, time)}
        </p>
      </div>
      {!alert.dismissed && (
        <button type="button" onClick={() => void dismiss(alert.id)} aria-label={`Dismiss: ${alert.message}`}>
          Dismiss
        </button>
      )}
    </li>
  );
}

/** A notice the app announced: its title, its words and when. */
function NoticeItem({ item }: { item: Extract<RecentItem, { kind: 'notice' }> }) {
  return (
    <li className={`alert-item alert-${item.level}`} aria-label={`${item.label}: ${item.message}`}>
      <div>
        <strong>{item.label}</strong>
        <p className="alert-message">{item.message}</p>
        <p className="muted small">{dateTime(item.at)}</p>
      </div>
    </li>
  );
}

function DesktopNotifications() {
  const shell = useVotary((s) => s.info?.shell);
  const enabled = useVotary((s) => s.desktopNotifications);
  const setEnabled = useVotary((s) => s.setDesktopNotifications);
  const [access, setAccess] = useState(notificationAccess);
  if (shell === 'electron') {
    return <p className="muted small">Desktop notifications come from the Votary app.</p>;
  }
  if (access === 'unsupported')
    return <p className="muted small">This browser has no desktop notifications.</p>;
  if (access === 'denied') {
    return (
      <p className="muted small">Desktop notifications are blocked for this page in the browser settings.</p>
    );
  }
  if (access === 'granted' && enabled) {
    return (
      <p className="row">
        <span role="status">Desktop notifications are on for new alerts.</span>
        <button type="button" onClick={() => setEnabled(false)}>
          Turn off desktop notifications
        </button>
      </p>
    );
  }
  return (
    <button
      type="button"
      onClick={() =>
        void requestNotificationAccess().then((next) => {
          setAccess(next);
          setEnabled(next === 'granted');
        })
      }
    >
      Enable desktop notifications
    </button>
  );
}

export function AlertsPage() {
  const alerts = useVotary((s) => s.monitorAlerts);
  const notices = useVotary((s) => s.alerts);
  const settings = useVotary((s) => s.monitorSettings);
  const loadAlerts = useVotary((s) => s.loadAlerts);
  const loadMonitorSettings = useVotary((s) => s.loadMonitorSettings);
  const dismissAll = useVotary((s) => s.dismissMonitorAlert);
  useEffect(() => {
    void loadAlerts();
    void loadMonitorSettings();
  }, [loadAlerts, loadMonitorSettings]);
  const { open, recent: cleared } = partitionAlerts(alerts);
  const recent = recentItems(cleared, notices);
  return (
    <section aria-labelledby="alerts-title">
      <h1 id="alerts-title">Alerts</h1>
      <DesktopNotifications />
      <h2 id="open-alerts">Active alerts</h2>
      {open.length === 0 ? (
        <p className="muted" data-testid="no-open-alerts">
          No active alerts.
        </p>
      ) : (
        <>
          <ul className="plain alert-list" aria-labelledby="open-alerts" data-testid="open-alerts">
            {open.map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
          <button type="button" onClick={() => void dismissAll()}>
            Dismiss all
          </button>
        </>
      )}
      <h2 id="recent-alerts">Recent</h2>
      {recent.length === 0 ? (
        <p className="muted">Nothing recent.</p>
      ) : (
        <ul className="plain alert-list" aria-labelledby="recent-alerts" data-testid="recent-alerts">
          {recent.map((item) =>
            item.kind === 'monitor' ? (
              <AlertItem key={item.key} alert={item.alert} />
            ) : (
              <NoticeItem key={item.key} item={item} />
            ),
          )}
        </ul>
      )}
      {/* Not keyed by the settings: a save answers new settings, and remounting would drop the form's status. */}
      {settings && <AlertSettings settings={settings} />}
      {settings && <AlertDelivery settings={settings} />}
    </section>
  );
}
