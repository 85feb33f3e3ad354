/**
 * ledger:* — the device's state, reading accounts from it the way ArkVault does (core/ledger/discovery.ts), and
 * adding one as a wallet of kind `ledger` (the vault keeps its path, public key and address; no key). Balances come
 * from the network's node, a claim like every balance this app reads from one.
 */
import { isNotFound } from '../../client';
import {
  coinTypeOf,
  discoverAccounts,
  LedgerDevice,
  LedgerError,
  readCustomAccount,
  checkPath,
  type AddressUse,
  type LedgerAccount,
} from '../../ledger';
import type { LedgerAccountView } from '../../../shared/domain/ledger';
import type { ChannelHandlers } from '../dispatcher';
import type { LedgerDeps } from './deps';

type LedgerChannels = Extract<keyof ChannelHandlers, `ledger:${string}`>;

/** What the network's node says of an address: a cold one (404) has nothing and was never used. */
async function addressUse(s: LedgerDeps, networkId: string, address: string): Promise<AddressUse> {
  try {
    const wallet = await s.networks.chain(networkId).reads.wallet(address);
    return { balance: wallet.balance, used: wallet.nonce > 0n || wallet.balance > 0n };
  } catch (error) {
    if (isNotFound(error)) return { balance: 0n, used: false };
    throw error;
  }
}

/** The account number of a path: its third element ("44'/1'/7'/0/0" → 7). */
function accountIndex(path: string): number {
  return Number.parseInt(path.split('/')[2] ?? '0', 10);
}

export function ledgerHandlers(s: LedgerDeps): Pick<ChannelHandlers, LedgerChannels> {
  /** The wallets of this profile on a network, by address (none while the vault is locked). */
  const walletsByAddress = (nethash: string): Map<string, string> =>
    new Map(
      s.keystore.isUnlocked()
        ? s.keystore.listWallets({ nethash }).map((w) => [w.address, w.id] as const)
        : [],
    );
  const view = (account: LedgerAccount, known: Map<string, string>): LedgerAccountView => {
    const walletId = known.get(account.address);
    return {
      path: account.path,
      index: accountIndex(account.path),
      publicKey: account.publicKey,
      address: account.address,
      balance: account.balance.toString(),
      used: account.used,
      ...(walletId === undefined ? {} : { walletId }),
    };
  };
  return {
    'ledger:status': () => s.ledger.status(),
    'ledger:discover': async ({ networkId, start, limit }) => {
      const entry = s.networks.entry(networkId ?? s.networks.activeId);
      const accounts = await s.ledger.exclusive((open) =>
        discoverAccounts(open, entry.network, (address) => addressUse(s, entry.id, address), {
          ...(start === undefined ? {} : { start }),
          ...(limit === undefined ? {} : { limit }),
          ...(s.ledger.timeouts === undefined ? {} : { timeouts: s.ledger.timeouts }),
        }),
      );
      const known = walletsByAddress(entry.nethash);
      return {
        networkId: entry.id,
        coinType: coinTypeOf(entry.network),
        accounts: accounts.map((account) => view(account, known)),
        complete: accounts.at(-1)?.used === false,
      };
    },
    'ledger:read-path': async ({ networkId, path }) => {
      const entry = s.networks.entry(networkId ?? s.networks.activeId);
      const account = await s.ledger.exclusive((open) =>
        readCustomAccount(
          open,
          entry.network,
          path,
          (address) => addressUse(s, entry.id, address),
          s.ledger.timeouts,
        ),
      );
      return view(account, walletsByAddress(entry.nethash));
    },
    'ledger:add': async ({ networkId, path, publicKey, name }) => {
      const entry = s.networks.entry(networkId ?? s.networks.activeId);
      const checked = checkPath(path);
      // The key is the device's word, not the window's: read it again at this path before it is kept.
      const onDevice = await s.ledger.exclusive(async (open) => {
        const device = await LedgerDevice.open(open, s.ledger.timeouts);
        try {
          await device.checkApp();
          return await device.publicKey(checked);
        } finally {
          await device.close();
        }
      });
      if (onDevice.toLowerCase() !== publicKey.toLowerCase()) {
        throw new LedgerError(
          'ERR_LEDGER_WRONG_KEY',
          `The connected Ledger holds another key at ${checked}: read the accounts again from the device you mean to add.`,
        );
      }
      const info = await s.keystore.addLedgerWallet({
        network: entry.network,
        path: checked,
        publicKey: onDevice,
        ...(name === undefined ? {} : { name }),
      });
      // As wallets:list shows it (wallets/handlers.ts toWalletView): the registry id of its network.
      const wallet = { ...info, networkId: entry.id };
      s.events.emit('wallets:changed', { reason: 'added', walletId: wallet.id, address: wallet.address });
      return wallet;
    },
  };
}
