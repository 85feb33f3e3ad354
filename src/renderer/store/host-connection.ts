/**
 * When the host behind the window may be a new one: after the browser bridge reconnected
 * (services/socket-bridge.ts) — the same process after a network blip, or a new one after a restart — and after
 * Electron's main started the core's process again (`app:core-restarted`, main/core-process/core-bridge.ts). A new
 * core's vault is locked again and its chain moved on. Everything is read again, and a vault found locked returns
 * the app to the unlock screen with the wallets cleared (as an auto-lock push would), rather than showing balances
 * the host no longer vouches for.
 */
import type { StoreApi } from 'zustand';
import type { VotaryState } from './types';

export async function hostReconnected(
  store: StoreApi<VotaryState>,
  loadAll: (store: StoreApi<VotaryState>) => Promise<void>,
): Promise<void> {
  const wasUnlocked = store.getState().vault?.unlocked === true;
  await loadAll(store);
  const vault = store.getState().vault;
  if (wasUnlocked && vault !== undefined && !vault.unlocked) store.getState().vaultChanged(vault);
}

/**
 * The core's process was started again: read as after a reconnection; should the new core have opened another
 * profile than the one on screen (the list is read from disk again), that profile is opened as after a switch.
 */
export async function coreRestarted(
  store: StoreApi<VotaryState>,
  loadAll: (store: StoreApi<VotaryState>) => Promise<void>,
  profileOpened: (store: StoreApi<VotaryState>) => Promise<void>,
): Promise<void> {
  const profileBefore = store.getState().profiles?.activeId;
  await hostReconnected(store, loadAll);
  const profileAfter = store.getState().profiles?.activeId;
  if (profileBefore !== undefined && profileAfter !== undefined && profileAfter !== profileBefore) {
    await profileOpened(store);
  }
}
