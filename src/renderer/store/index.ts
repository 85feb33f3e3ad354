import { create, type StoreApi } from 'zustand';
import { onConnectionChange } from '../services/bridge';
import { subscribeEvents, type EventHandlers } from '../services/events';
import { createAppSlice } from './app-slice';
import { createContactsSlice } from './contacts-slice';
import { createLedgerSlice } from './ledger-slice';
import { createLinksSlice } from './links-slice';
import { coreRestarted, hostReconnected } from './host-connection';
import { createMonitorSlice } from './monitor-slice';
import { createNodeSlice } from './node-slice';
import { createOwnNodeSlice } from './own-node-slice';
import { createPendingSlice } from './pending-slice';
import { createProfilesSlice } from './profiles-slice';
import { createRevisionsSlice } from './revisions-slice';
import type { VotaryState } from './types';
import { createVaultSlice } from './vault-slice';
import { createWalletsSlice } from './wallets-slice';

export function createVotaryStore() {
  return create<VotaryState>()((set, get) => ({
    ...createAppSlice(set, get),
    ...createVaultSlice(set, get),
    ...createWalletsSlice(set, get),
    ...createNodeSlice(set, get),
    ...createPendingSlice(set, get),
    ...createMonitorSlice(set, get),
    ...createOwnNodeSlice(set, get),
    ...createContactsSlice(set, get),
    ...createLinksSlice(set, get),
    ...createProfilesSlice(set, get),
    ...createLedgerSlice(set, get),
    ...createRevisionsSlice(set, get),
  }));
}

export const useVotary = createVotaryStore();

/** Connects the store to the host: first reads, then the push events. Returns the unsubscribe function. */
export async function startStore(store: typeof useVotary = useVotary): Promise<() => void> {
  await store.getState().loadApp();
  if (store.getState().hostStatus !== 'ready') return () => undefined;
  const off = await subscribeEvents(storeEvents(store));
  await loadAll(store);
  // The browser bridge reconnects by itself; once back, everything is read again (the host may have restarted).
  const offConnection = onConnectionChange((connection) => {
    store.getState().connectionChanged(connection);
    if (connection.status === 'connected') void hostReconnected(store, loadAll);
  });
  // A browser-shell window reads the vault's data only once it has given the password (src/cli/window-gate.ts):
  // what it read on the unlock screen is read again when the vault opens here.
  const offUnlock = store.subscribe((state, previous) => {
    if (state.vault?.unlocked === true && previous.vault?.unlocked === false) void loadAll(store);
  });
  return () => {
    off();
    offConnection();
    offUnlock();
  };
}

/** How the store follows the host's push events (each keeps a part of the state current). */
export function storeEvents(store: typeof useVotary = useVotary): EventHandlers {
  return {
    'networks:block': (block) => store.getState().blockArrived(block),
    'networks:sync': (sync) => store.getState().syncChanged(sync),
    'vault:status': (status) => store.getState().vaultChanged(status),
    'wallets:changed': () => {
      if (store.getState().vault?.unlocked === true) void store.getState().loadWallets();
    },
    'tx:status': (entry) => store.getState().pendingChanged(entry),
    'monitor:alert': (alert) => store.getState().pushAlert(alert),
    'monitor:update': (event) => store.getState().monitorUpdated(event),
    'follower:status': (view) => store.getState().ownNodeChanged(view),
    'app:link-open': ({ url }) => store.getState().openLink(url),
    'profiles:changed': (list) => {
      const before = store.getState().profiles?.activeId;
      store.getState().profilesChanged(list);
      if (before !== undefined && before !== list.activeId) void profileOpened(store);
    },
    // Electron's main started the core again after it stopped: a new host behind the same window.
    'app:core-restarted': () => void coreRestarted(store, loadAll, profileOpened),
    'ledger:prompt': (event) => store.getState().ledgerPromptChanged(event),
    'tx:signing-settings': () => store.getState().revised('signing'),
    'multisig:changed': () => store.getState().revised('multisig'),
  };
}

/** What the app reads from the host: at start, and again after the browser bridge reconnected or the core restarted. */
async function loadAll(store: StoreApi<VotaryState>): Promise<void> {
  const state = store.getState();
  await Promise.all([
    state.loadVault(),
    state.loadNode(),
    state.loadPending(),
    state.loadAlerts(),
    state.loadMonitorSettings(),
    state.loadOwnNodes(),
    state.loadProfiles(),
  ]);
  if (store.getState().vault?.unlocked === true) await store.getState().loadWallets();
  // On the unlock screen of a browser-shell window the vault's reads are refused until the password is given:
  // that is the screen's point, not an error to show on it.
  else if (store.getState().error?.code === 'ERR_LOCKED') store.getState().clearError();
}

/**
 * Another profile was opened: its vault is locked (the wallets of the last one are cleared with it), the route
 * goes to the dashboard, and its
 * networks, pending list, alerts, monitor, own nodes and contacts are read again.
 */
export async function profileOpened(store: StoreApi<VotaryState> = useVotary): Promise<void> {
  store.setState({ wallets: [], contacts: [], contactsNetworkId: undefined, alerts: [] });
  // Another person's app starts at its dashboard, not on the screen the last profile was left on.
  store.getState().navigate('dashboard');
  await loadAll(store);
  await store.getState().loadContacts();
}

export type { VotaryState } from './types';
