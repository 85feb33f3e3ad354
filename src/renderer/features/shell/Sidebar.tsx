import { ROUTES, type Route } from '../../store/app-slice';
import { useVotary } from '../../store';

const LABELS: Record<(typeof ROUTES)[number], string> = {
  dashboard: 'Dashboard',
  wallets: 'Wallets',
  send: 'Send',
  vote: 'Vote',
  locks: 'Locks',
  delegate: 'Delegate',
  pending: 'Pending',
  node: 'Node',
  settings: 'Settings',
};

export function Sidebar() {
  const route = useVotary((s) => s.route);
  const navigate = useVotary((s) => s.navigate);
  const lockVault = useVotary((s) => s.lockVault);
  const height = useVotary((s) => s.node?.height);
  const theme = useVotary((s) => s.theme);
  const setTheme = useVotary((s) => s.setTheme);
  // The quick toggle flips what is shown now; Settings also offers "follow the system".
  const dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  const current = (item: Route) => item === route || (item === 'wallets' && route === 'wallet');
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
              onClick={() => navigate(item)}
            >
              {LABELS[item]}
            </button>
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
