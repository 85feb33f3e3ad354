/**
 * The vault's state (never a password: the gate's inputs live in component state and are cleared on submit;
 * they are passed straight to the service and not kept here).
 */
import type { KeystoreStatus } from '../../shared/domain/keystore';
import { plainError } from '../lib/errors';
import * as vault from '../services/vault';
import type { Slice } from './types';

export interface VaultSlice {
  vault: KeystoreStatus | undefined;
  loadVault: () => Promise<void>;
  /** Each answers true on success; a failure is reported through `error`. */
  createVault: (password: string) => Promise<boolean>;
  unlockVault: (password: string) => Promise<boolean>;
  lockVault: () => Promise<void>;
  /** From the host's `keystore:status` push (auto-lock): a locked vault returns the app to the gate. */
  vaultChanged: (status: KeystoreStatus) => void;
}

export const createVaultSlice: Slice<VaultSlice> = (set, get) => {
  const attempt = async (action: () => Promise<KeystoreStatus>): Promise<boolean> => {
    try {
      get().vaultChanged(await action());
      set({ error: undefined });
      return true;
    } catch (error) {
      set({ error: plainError(error) });
      return false;
    }
  };
  return {
    vault: undefined,
    loadVault: async () => {
      try {
        set({ vault: await vault.vaultStatus() });
      } catch (error) {
        set({ error: plainError(error) });
      }
    },
    createVault: (password) => attempt(() => vault.createVault(password)),
    unlockVault: (password) => attempt(() => vault.unlockVault(password)),
    lockVault: async () => {
      await attempt(() => vault.lockVault());
    },
    vaultChanged: (status) => {
      const wasUnlocked = get().vault?.unlocked === true;
      set({ vault: status });
      if (status.unlocked && !wasUnlocked) void get().loadWallets();
      if (!status.unlocked) set({ wallets: [], route: 'dashboard' });
    },
  };
};
