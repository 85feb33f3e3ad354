import type { AppInfo } from '../../shared/domain/app';
import type { AlertView } from '../../shared/domain/app';
import { plainError, type PlainError } from '../lib/errors';
import { applyTheme, loadTheme, type ThemeChoice } from '../lib/theme';
import { fetchAppInfo } from '../services/app-info';
import { showDesktopNotification } from '../lib/desktop-notifications';
import { NOTICE_LABELS } from '../lib/alerts';
import { announce } from '../lib/announce';
import type { ConnectionState } from '../services/bridge';
import type { Place, Route } from './routes';
import type { Slice } from './slice';

export interface AppSlice {
  info: AppInfo | undefined;
  hostStatus: 'loading' | 'ready' | 'no-host';
  /** The browser shell's link to its host: lost and being re-established, or up (always up in Electron). */
  connection: ConnectionState;
  route: Route;
  /** The wallet the Wallet page shows, and the default sender elsewhere. */
  selectedWalletId: string | undefined;
  /**
   * The wallet chosen to sign on the form of `route` (features/common/signing-wallet.ts). Here, not in the form, so
   * that it outlasts the lock gate, which unmounts every screen: unlocking returns to the form as the person left it
   * (a vote change waiting for its unvote goes on with the same wallet). Leaving the route forgets it.
   */
  signingChoice: { route: Route; walletId: string } | undefined;
  chooseSigner: (walletId: string) => void;
  /** What waits for the vault to be unlocked (a plan's next signature), said on the lock gate. */
  awaitingUnlock: string | undefined;
  setAwaitingUnlock: (what: string | undefined) => void;
  theme: ThemeChoice;
  /** The last failure an action reported, in plain words (dismissable). */
  error: PlainError | undefined;
  alerts: AlertView[];
  loadApp: () => Promise<void>;
  navigate: (route: Route, walletId?: string) => void;
  /** What the explorer opens on: a transaction id, address, block or name it looks up (from a link elsewhere). */
  explorerQuery: string | undefined;
  openExplorer: (query: string) => void;
  /** Arrives at a place named by the URL (reload, Back, an edited address). */
  arrive: (place: Place) => void;
  setTheme: (theme: ThemeChoice) => void;
  reportError: (error: unknown) => void;
  clearError: () => void;
  pushAlert: (alert: AlertView) => void;
  connectionChanged: (connection: ConnectionState) => void;
}

/**
 * The two fields of the monitor's part (monitor-slice.ts) that arriving at a place and an alert touch, stated here
 * rather than picked from MonitorSlice: the monitor slice navigates, so it picks from this one; the store's
 * composition (index.ts) checks that these match the monitor's own.
 */
interface MonitorFields {
  viewedDelegateName: string | undefined;
  desktopNotifications: boolean;
}

export const createAppSlice: Slice<AppSlice, MonitorFields> = (set, get) => ({
  info: undefined,
  hostStatus: 'loading',
  connection: { status: 'connected', attempts: 0 },
  route: 'dashboard',
  selectedWalletId: undefined,
  signingChoice: undefined,
  chooseSigner: (walletId) => set((state) => ({ signingChoice: { route: state.route, walletId } })),
  awaitingUnlock: undefined,
  setAwaitingUnlock: (what) => set({ awaitingUnlock: what }),
  theme: loadTheme(),
  error: undefined,
  alerts: [],
  loadApp: async () => {
    try {
      const info = await fetchAppInfo();
      set({ info, hostStatus: info ? 'ready' : 'no-host' });
    } catch (error) {
      set({ hostStatus: 'no-host', error: plainError(error) });
    }
  },
  navigate: (route, walletId) =>
    set((state) => ({
      route,
      selectedWalletId: walletId ?? state.selectedWalletId,
      signingChoice: kept(state.signingChoice, route),
      explorerQuery: undefined,
      error: undefined,
    })),
  explorerQuery: undefined,
  openExplorer: (query) => set({ route: 'explorer', explorerQuery: query, error: undefined }),
  arrive: (place) =>
    set((state) => ({
      route: place.route,
      selectedWalletId: place.walletId ?? state.selectedWalletId,
      signingChoice: kept(state.signingChoice, place.route),
      viewedDelegateName: place.delegate ?? state.viewedDelegateName,
      explorerQuery: place.explorer,
      error: undefined,
    })),
  setTheme: (theme) => {
    applyTheme(theme);
    set({ theme });
  },
  reportError: (error) => set({ error: plainError(error) }),
  clearError: () => set({ error: undefined }),
  pushAlert: (alert) => {
    set((state) => ({ alerts: [alert, ...state.alerts].slice(0, 20) }));
    // Said to screen readers as it arrives (the Alerts screen titles it the same way).
    announce(`Alert, ${NOTICE_LABELS[alert.code] ?? 'Notice'}: ${alert.message}`);
    // A payment received reaches the person outside the window too; Electron's main notifies by itself
    // (src/main/notifications), the browser shell through the Notification API once the person allowed it.
    const state = get();
    if (
      alert.code === 'INCOMING_TRANSACTION' &&
      state.desktopNotifications &&
      state.info?.shell === 'browser'
    ) {
      showDesktopNotification('Votary — payment received', alert.message, `incoming-${alert.at}`);
    }
  },
  connectionChanged: (connection) => set({ connection }),
});

/** A form's choice of signer lasts while the person stays on its route. */
function kept(choice: AppSlice['signingChoice'], route: Route): AppSlice['signingChoice'] {
  return choice?.route === route ? choice : undefined;
}
