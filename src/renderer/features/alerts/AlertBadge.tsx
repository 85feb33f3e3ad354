/**
 * The open-alert count beside "Alerts" in the sidebar. The number inside the button is hidden from
 * assistive technology so the button's name stays "Alerts" (tests and voice control address it by name); the
 * count is its description instead, from a hidden element outside the button: "Alerts, 2 open alerts".
 */
import { openCount } from '../../lib/alerts';
import { useVotary } from '../../store';

export const ALERT_BADGE_ID = 'alert-badge-description';

export function AlertBadge() {
  const count = useVotary((s) => openCount(s.monitorAlerts));
  if (count === 0) return null;
  return (
    <span className="alert-badge" aria-hidden="true" data-testid="alert-badge">
      {count}
    </span>
  );
}

export function AlertBadgeDescription() {
  const count = useVotary((s) => openCount(s.monitorAlerts));
  if (count === 0) return null;
  return (
    <span id={ALERT_BADGE_ID} className="visually-hidden">
      {count === 1 ? '1 open alert' : `${count} open alerts`}
    </span>
  );
}
