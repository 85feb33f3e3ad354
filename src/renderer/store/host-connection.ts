/**
 * After the browser bridge reconnected (services/socket-bridge.ts): the host may be the same process
 * after a network blip, or a new one after a restart — then its vault is locked again and the chain moved on.
 * Everything is read again, and a vault found locked returns the app to the unlock screen with the wallets cleared
 * (as an auto-lock push would), rather than showing balances the host no longer vouches for.
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
