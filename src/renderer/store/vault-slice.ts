/**
 * The vault's state (never a password: the gate's inputs live in component state and are cleared on submit;
 * they are passed straight to the service and not kept here).
 */
import type { KeystoreStatus } from '../../shared/domain/keystore';
import { plainError } from '../lib/errors';
import type { Slice } from './slice';
import type { AppSlice } from './app-slice';
import type { WalletsSlice } from './wallets-slice';
import type { ProfilesSlice } from './profiles-slice';
import { call } from '../services/call';

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

export const createVaultSlice: Slice<
  VaultSlice,
  Pick<AppSlice, 'error'> &
    Pick<WalletsSlice, 'wallets' | 'loadWallets'> &
    Pick<ProfilesSlice, 'profiles' | 'loadProfiles'>
> = (set, get) => {
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
        set({ vault: await call('keystore:status') });
      } catch (error) {
        set({ error: plainError(error) });
      }
    },
    createVault: (password) => attempt(() => call('keystore:create', { password })),
    unlockVault: (password) => attempt(() => call('keystore:unlock', { password })),
    lockVault: async () => {
      await attempt(() => call('keystore:lock'));
    },
    vaultChanged: (status) => {
      const wasUnlocked = get().vault?.unlocked === true;
      set({ vault: status });
      if (status.unlocked && !wasUnlocked) void get().loadWallets();
      // The gate covers every screen while locked; the route stays, so unlocking returns to where the person was
      // (and a reload while locked keeps the place in the URL).
      if (!status.unlocked) set({ wallets: [] });
      // The profile list says whether the open profile has a vault: read it again when that just changed (a vault
      // made in a profile created with "Open it now"), so the Profiles screen does not keep "No vault yet".
      const profiles = get().profiles;
      const open = profiles?.profiles.find((profile) => profile.id === profiles.activeId);
      if (open !== undefined && open.hasVault !== status.hasVault) void get().loadProfiles();
    },
  };
};
