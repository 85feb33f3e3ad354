/** wallets:* — the wallets in the vault: created, imported, watched, renamed, removed, their recovery phrase. */
import { addressFromPassphrase, isValidMnemonic } from '../../protocol/crypto';
import type { Network } from '../../protocol/networks';
import { wifWallet } from '../../keystore/wallet-import';
import type { Keystore, WalletInfo } from '../../keystore';
import type { WalletView } from '../../../shared/domain/wallets';
import type { ChannelHandlers } from '../dispatcher';
import type { AppEvents } from '../events';
import type { Networks } from '../networks/networks';
import type { Accounts } from '../transactions/accounts';

/** What wallets:* works with: the vault, the networks its wallets belong to, their accounts. */
export interface WalletDeps {
  keystore: Keystore;
  networks: Networks;
  accounts: Accounts;
  events: AppEvents;
}

type WalletChannels = Extract<keyof ChannelHandlers, `wallets:${string}`>;

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
  s.events.emit('wallets:changed', {
    reason,
    walletId: view.id,
    ...(view.address === undefined ? {} : { address: view.address }),
  });
}

export function walletHandlers(s: WalletDeps): Pick<ChannelHandlers, WalletChannels> {
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
