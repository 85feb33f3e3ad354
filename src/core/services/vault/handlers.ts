/** vault:* — the profile's vault: created, unlocked, locked, its password, auto-lock and the OS keychain. */
import type { Keystore } from '../../keystore';
import type { VaultStatus } from '../../../shared/domain/vault';
import type { ChannelHandlers } from '../dispatcher';
import type { AppEvents } from '../events';
import type { SettingsFile } from '../settings';

/** What vault:* works with: the vault itself, the settings its auto-lock is kept in, the events to say it changed. */
export interface VaultDeps {
  keystore: Keystore;
  settings: SettingsFile;
  events: AppEvents;
}

type VaultChannels = Extract<keyof ChannelHandlers, `vault:${string}`>;

/** The vault's state as `vault:status` answers and pushes it. */
export async function vaultStatus(keystore: Keystore): Promise<VaultStatus> {
  return {
    hasVault: await keystore.hasVault(),
    unlocked: keystore.isUnlocked(),
    idleLockMs: keystore.idleLockMs,
  };
}

async function keychainStatus(s: VaultDeps) {
  const [status, hasVault] = await Promise.all([s.keystore.keychainStatus(), s.keystore.hasVault()]);
  return {
    available: status.available,
    ...(status.available ? {} : { reason: status.reason }),
    enabled: hasVault ? await s.keystore.deviceUnlockEnabled() : false,
  };
}

/** The status after a change, also pushed so every window sees it. */
async function announce(s: VaultDeps): Promise<VaultStatus> {
  const status = await vaultStatus(s.keystore);
  s.events.emit('vault:status', status);
  return status;
}

export function vaultHandlers(s: VaultDeps): Pick<ChannelHandlers, VaultChannels> {
  return {
    'vault:status': () => vaultStatus(s.keystore),
    'vault:create': async ({ password }) => {
      await s.keystore.create(password);
      return announce(s);
    },
    // An open vault stays open: the password is checked against it (a second window of the browser shell giving
    // it), rather than a new session replacing the one other windows are using.
    'vault:unlock': async ({ password }) => {
      if (s.keystore.isUnlocked()) await s.keystore.confirmPassword(password);
      else await s.keystore.unlock(password);
      return announce(s);
    },
    // lock() reports through the key store's onLocked, which AppCore pushes as vault:status.
    'vault:lock': () => {
      s.keystore.lock();
      return vaultStatus(s.keystore);
    },
    'vault:change-password': async ({ current, next }) => {
      await s.keystore.changePassword(current, next);
      return null;
    },
    'vault:set-auto-lock': async ({ minutes }) => {
      const idleLockMs = minutes * 60_000;
      s.keystore.setIdleLock(idleLockMs);
      await s.settings.update({ idleLockMs });
      return announce(s);
    },
    'vault:keychain-status': () => keychainStatus(s),
    'vault:keychain-enable': async () => {
      await s.keystore.enableDeviceUnlock();
      return keychainStatus(s);
    },
    'vault:keychain-disable': async () => {
      await s.keystore.disableDeviceUnlock();
      return keychainStatus(s);
    },
    'vault:unlock-with-device': async () => {
      await s.keystore.unlockWithDevice();
      return announce(s);
    },
  };
}
