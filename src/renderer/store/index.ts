import { create } from 'zustand';
import { subscribeEvents } from '../services/events';
import { createAppSlice } from './app-slice';
import { createNodeSlice } from './node-slice';
import { createPendingSlice } from './pending-slice';
import type { VotaryState } from './types';
import { createVaultSlice } from './vault-slice';
import { createWalletsSlice } from './wallets-slice';

export function createVotaryStore() {
  return create<VotaryState>()((...a) => ({
    ...createAppSlice(...a),
    ...createVaultSlice(...a),
    ...createWalletsSlice(...a),
    ...createNodeSlice(...a),
    ...createPendingSlice(...a),
  }));
}

export const useVotary = createVotaryStore();

/** Connects the store to the host: first reads, then the push events. Returns the unsubscribe function. */
export async function startStore(store: typeof useVotary = useVotary): Promise<() => void> {
  const state = store.getState();
  await state.loadApp();
  if (store.getState().hostStatus !== 'ready') return () => undefined;
  const off = await subscribeEvents({
    'node:block': (block) => store.getState().blockArrived(block),
    'node:sync': (sync) => store.getState().syncChanged(sync),
    'keystore:status': (status) => store.getState().vaultChanged(status),
    'wallet:changed': () => {
      if (store.getState().vault?.unlocked === true) void store.getState().loadWallets();
    },
    'tx:status': (entry) => store.getState().pendingChanged(entry),
    alert: (alert) => store.getState().pushAlert(alert),
  });
  await Promise.all([state.loadVault(), state.loadNode(), state.loadPending()]);
  if (store.getState().vault?.unlocked === true) await store.getState().loadWallets();
  return off;
}

export type { VotaryState } from './types';
