import { ROUTES, type Route } from '../../store/app-slice';
import { useVotary } from '../../store';
import { openCount } from '../../lib/alerts';
import { ALERT_BADGE_ID, AlertBadge, AlertBadgeDescription } from '../alerts/AlertBadge';

const LABELS: Record<(typeof ROUTES)[number], string> = {
  dashboard: 'Dashboard',
  wallets: 'Wallets',
  send: 'Send',
  vote: 'Vote',
  locks: 'Locks',
  delegate: 'Delegate',
  pending: 'Pending',
  node: 'Node',
  delegates: 'Delegates',
  round: 'Round',
  health: 'Node health',
  alerts: 'Alerts',
  localnet: 'Localnet',
  explorer: 'Explorer',
  fees: 'Fees',
  randomness: 'Randomness',
  settings: 'Settings',
};

export function Sidebar() {
  const route = useVotary((s) => s.route);
  const navigate = useVotary((s) => s.navigate);
  const lockVault = useVotary((s) => s.lockVault);
  const height = useVotary((s) => s.node?.height);
  const theme = useVotary((s) => s.theme);
  const setTheme = useVotary((s) => s.setTheme);
  const openAlerts = useVotary((s) => openCount(s.monitorAlerts));
  // The quick toggle flips what is shown now; Settings also offers "follow the system".
  const dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  const current = (item: Route) =>
    item === route ||
    (item === 'wallets' && route === 'wallet') ||
    (item === 'delegates' && route === 'delegate-info');
  return (
    <nav className="sidebar" aria-label="Main">
      <p className="brand">Votary</p>
      <ul>
        {ROUTES.map((item) => (
          <li key={item}>
            <button
              type="button"
              className="nav-item"
              aria-current={current(item) ? 'page' : undefined}
              aria-describedby={item === 'alerts' && openAlerts > 0 ? ALERT_BADGE_ID : undefined}
              onClick={() => navigate(item)}
            >
              {LABELS[item]}
              {item === 'alerts' && <AlertBadge />}
            </button>
            {item === 'alerts' && <AlertBadgeDescription />}
          </li>
        ))}
      </ul>
      <p className="muted small" aria-live="off">
        {height === undefined ? '' : `Height ${height}`}
      </p>
      <button type="button" onClick={() => setTheme(dark ? 'light' : 'dark')} aria-pressed={dark}>
        Dark theme
      </button>
      <button type="button" onClick={() => void lockVault()}>
        Lock vault
      </button>
    </nav>
  );
}
