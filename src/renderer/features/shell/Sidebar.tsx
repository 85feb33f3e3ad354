import type { ROUTES } from '../../store/routes';
import { type Route } from '../../store/routes';
import { useVotary } from '../../store';
import { activeProfileName } from '../../store/profiles-slice';
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
  contacts: 'Contacts',
  messages: 'Messages',
  multisig: 'Multisignature',
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
  profiles: 'Profiles',
};

/** The sidebar's groups: what a voter uses, what a delegate or node watcher reads, what a developer drives. */
const GROUPS: Array<{ label: string; items: Array<(typeof ROUTES)[number]> }> = [
  {
    label: 'Wallet',
    items: [
      'dashboard',
      'wallets',
      'send',
      'vote',
      'locks',
      'delegate',
      'pending',
      'contacts',
      'messages',
      'multisig',
    ],
  },
  {
    label: 'Network',
    items: ['node', 'delegates', 'round', 'health', 'alerts', 'explorer', 'fees', 'randomness'],
  },
  { label: 'Developer', items: ['localnet', 'settings', 'profiles'] },
];

export function Sidebar() {
  const route = useVotary((s) => s.route);
  const navigate = useVotary((s) => s.navigate);
  const lockVault = useVotary((s) => s.lockVault);
  const height = useVotary((s) => s.node?.height);
  const theme = useVotary((s) => s.theme);
  const setTheme = useVotary((s) => s.setTheme);
  const openAlerts = useVotary((s) => openCount(s.monitorAlerts));
  const profile = useVotary((s) => activeProfileName(s.profiles));
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
      {GROUPS.map((group) => (
        <div key={group.label} className="nav-group" role="group" aria-labelledby={`nav-${group.label}`}>
          <p className="nav-group-label" id={`nav-${group.label}`}>
            {group.label}
          </p>
          <ul>
            {group.items.map((item) => (
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
        </div>
      ))}
      <p className="muted small" aria-live="off">
        {height === undefined ? '' : `Height ${height}`}
      </p>
      {/* Says what it switches to: a label that stayed "Dark theme" in the dark theme read as a wrong state. */}
      <button type="button" onClick={() => setTheme(dark ? 'light' : 'dark')}>
        {dark ? 'Light theme' : 'Dark theme'}
      </button>
      {profile !== undefined && (
        <p className="muted small" role="note" aria-label="Open profile">
          Profile: {profile}
        </p>
      )}
      <button type="button" onClick={() => void lockVault()}>
        Lock vault
      </button>
    </nav>
  );
}
