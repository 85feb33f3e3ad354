/** keystore:* and wallets:* — the vault and the wallets in it. */
import { addressFromPassphrase, isValidMnemonic } from '../../protocol/crypto';
import type { Network } from '../../protocol/networks';
import { wifWallet } from '../../keystore/wallet-import';
import type { Keystore, WalletInfo } from '../../keystore';
import type { KeystoreStatus } from '../../../shared/domain/keystore';
import type { WalletView } from '../../../shared/domain/wallets';
import type { ChannelHandlers } from '../dispatcher';
import type { AppEvents } from '../events';
import type { Networks } from '../networks/networks';
import type { SettingsFile } from '../settings';
import type { Accounts } from '../transactions/accounts';

/** What keystore:* and wallets:* work with: the vault, the networks its wallets belong to, their accounts. */
export interface WalletDeps {
  keystore: Keystore;
  networks: Networks;
  accounts: Accounts;
  settings: SettingsFile;
  events: AppEvents;
}

type VaultChannels = Extract<keyof ChannelHandlers, `keystore:${string}` | `wallets:${string}`>;

export async function keystoreStatus(keystore: Keystore): Promise<KeystoreStatus> {
  return {
    hasVault: await keystore.hasVault(),
    unlocked: keystore.isUnlocked(),
    idleLockMs: keystore.idleLockMs,
  };
}

async function keychainStatus(s: WalletDeps) {
  const [status, hasVault] = await Promise.all([s.keystore.keychainStatus(), s.keystore.hasVault()]);
  return {
    available: status.available,
    ...(status.available ? {} : { reason: status.reason }),
    enabled: hasVault ? await s.keystore.deviceUnlockEnabled() : false,
  };
}

/** The status after a change, also pushed so every window sees it. */
async function announce(s: WalletDeps): Promise<KeystoreStatus> {
  const status = await keystoreStatus(s.keystore);
  s.events.emit('keystore:status', status);
  return status;
}

export function toWalletView(s: WalletDeps, info: WalletInfo): WalletView {
  const networkId = s.networks.byNethash(info.nethash)?.id;
  return { ...info, ...(networkId === undefined ? {} : { networkId }) };
}

function networkOf(s: WalletDeps, networkId: string | undefined): Network {
  return s.networks.entry(networkId ?? s.networks.activeId).network;
}

function changed(
  s: WalletDeps,
  reason: 'added' | 'updated' | 'removed',
  view: { id: string; address?: string },
) {
  s.events.emit('wallet:changed', {
    reason,
    walletId: view.id,
    ...(view.address === undefined ? {} : { address: view.address }),
  });
}

export function vaultHandlers(s: WalletDeps): Pick<ChannelHandlers, VaultChannels> {
  const added = (info: WalletInfo) => {
    const view = toWalletView(s, info);
    changed(s, 'added', view);
    return view;
  };
  const updated = (info: WalletInfo) => {
    const view = toWalletView(s, info);
    changed(s, 'updated', view);
    return view;
  };
  return {
    'keystore:status': () => keystoreStatus(s.keystore),
    'keystore:create': async ({ password }) => {
      await s.keystore.create(password);
      return announce(s);
    },
    // An open vault stays open: the password is checked against it (a second window of the browser shell giving
    // it), rather than a new session replacing the one other windows are using.
    'keystore:unlock': async ({ password }) => {
      if (s.keystore.isUnlocked()) await s.keystore.confirmPassword(password);
      else await s.keystore.unlock(password);
      return announce(s);
    },
    // lock() reports through the key store's onLocked, which AppCore pushes as keystore:status.
    'keystore:lock': () => {
      s.keystore.lock();
      return keystoreStatus(s.keystore);
    },
    'keystore:change-password': async ({ current, next }) => {
      await s.keystore.changePassword(current, next);
      return null;
    },
    'keystore:set-auto-lock': async ({ minutes }) => {
      const idleLockMs = minutes * 60_000;
      s.keystore.setIdleLock(idleLockMs);
      await s.settings.update({ idleLockMs });
      return announce(s);
    },
    'keystore:keychain-status': () => keychainStatus(s),
    'keystore:keychain-enable': async () => {
      await s.keystore.enableDeviceUnlock();
      return keychainStatus(s);
    },
    'keystore:keychain-disable': async () => {
      await s.keystore.disableDeviceUnlock();
      return keychainStatus(s);
    },
    'keystore:unlock-with-device': async () => {
      await s.keystore.unlockWithDevice();
      return announce(s);
    },

    'wallets:list': (request) => {
      const nethash =
        request?.networkId === undefined ? undefined : s.networks.entry(request.networkId).nethash;
      return s.keystore
        .listWallets(nethash === undefined ? {} : { nethash })
        .map((info) => toWalletView(s, info));
    },
    'wallets:create-mnemonic': ({ networkId, name }) =>
      s.keystore.createMnemonicWallet({ network: networkOf(s, networkId), name }),
    'wallets:confirm': async ({ pendingId, words }) =>
      added(await s.keystore.confirmWallet(pendingId, words)),
    'wallets:cancel-pending': ({ pendingId }) => {
      s.keystore.cancelPendingWallet(pendingId);
      return null;
    },
    'wallets:import-passphrase': async ({ networkId, name, passphrase, secondPassphrase }) =>
      added(
        await s.keystore.importPassphrase({
          network: networkOf(s, networkId),
          name,
          passphrase,
          secondPassphrase,
        }),
      ),
    'wallets:preview-import': (request) => {
      const network = networkOf(s, request.networkId);
      if ('passphrase' in request) {
        return {
          address: addressFromPassphrase(request.passphrase, network.network.pubKeyHash),
          bip39: isValidMnemonic(request.passphrase.trim().normalize('NFKD')),
        };
      }
      return { address: wifWallet(request.wif, { network }).address };
    },
    'wallets:import-wif': async ({ networkId, name, wif, secondPassphrase }) =>
      added(await s.keystore.importWif({ network: networkOf(s, networkId), name, wif, secondPassphrase })),
    'wallets:add-watch-only': async ({ networkId, name, address }) =>
      added(await s.keystore.addWatchOnly({ network: networkOf(s, networkId), name, address })),
    'wallets:rename': async ({ walletId, name }) => updated(await s.keystore.renameWallet(walletId, name)),
    'wallets:remove': async ({ walletId, password }) => {
      const info = s.keystore.getWallet(walletId);
      await s.keystore.removeWallet(walletId, password);
      changed(s, 'removed', info);
      return null;
    },
    'wallets:set-second-passphrase': async ({ walletId, secondPassphrase }) => {
      // When the chain has a second key for this wallet, the passphrase must be the one that made it.
      const info = s.keystore.getWallet(walletId);
      const network = s.networks.byNethash(info.nethash);
      const onChain =
        network === undefined
          ? undefined
          : (await s.accounts.sender(network.id, info.address, info.publicKey)).secondPublicKey;
      return updated(
        await s.keystore.setSecondPassphrase(walletId, {
          secondPassphrase,
          ...(onChain === undefined ? {} : { secondPublicKey: onChain }),
        }),
      );
    },
    'wallets:remove-second-passphrase': async ({ walletId }) =>
      updated(await s.keystore.removeSecondPassphrase(walletId)),
    'wallets:reveal-phrase': ({ walletId, password }) => s.keystore.revealRecoveryPhrase(walletId, password),
  };
}
