/**
 * Account discovery as ArkVault does it: derive `44'/coin'/n'/0/0` for n = 0, 1, 2… on the device, look each
 * address up on the network, and stop at the first one that was never used (it is offered too, as the next new
 * account). A custom path is read the same way, one account. The device is asked for public keys only: nothing to
 * approve, nothing stored until the person picks accounts.
 */
import { addressFromPublicKey } from '../protocol/crypto';
import type { Network } from '../protocol/networks';
import { LedgerDevice, type DeviceTimeouts } from './device';
import { accountPath, checkPath } from './paths';
import type { TransportOpener } from './transport';

/** What the network says of an address (read from the node the app uses; the caller decides how it verifies). */
export interface AddressUse {
  /** Arktoshi. */
  balance: bigint;
  /** The address has sent or received anything (a nonce above 0 or a balance). */
  used: boolean;
}

export interface LedgerAccount {
  path: string;
  publicKey: string;
  address: string;
  balance: bigint;
  used: boolean;
}

export interface DiscoveryOptions {
  /** The first account number (default 0). */
  start?: number;
  /** At most this many accounts are read (default 20), whatever the network says. */
  limit?: number;
  timeouts?: DeviceTimeouts;
}

async function read(
  device: LedgerDevice,
  network: Network,
  path: string,
  lookup: (address: string) => Promise<AddressUse>,
): Promise<LedgerAccount> {
  const publicKey = await device.publicKey(path);
  const address = addressFromPublicKey(publicKey, network.network.pubKeyHash);
  const use = await lookup(address);
  return { path, publicKey, address, balance: use.balance, used: use.used };
}

/** Opens the device, checks the ARK app, runs `use`, closes the device. */
async function withApp<T>(
  open: TransportOpener,
  timeouts: DeviceTimeouts | undefined,
  use: (d: LedgerDevice) => Promise<T>,
): Promise<T> {
  const device = await LedgerDevice.open(open, timeouts);
  try {
    await device.checkApp();
    return await use(device);
  } finally {
    await device.close();
  }
}

/** Accounts from `start` up to and including the first unused one (or `limit` accounts). */
export function discoverAccounts(
  open: TransportOpener,
  network: Network,
  lookup: (address: string) => Promise<AddressUse>,
  options: DiscoveryOptions = {},
): Promise<LedgerAccount[]> {
  const start = options.start ?? 0;
  const limit = Math.max(1, Math.min(options.limit ?? 20, 100));
  return withApp(open, options.timeouts, async (device) => {
    const accounts: LedgerAccount[] = [];
    for (let n = start; n < start + limit; n++) {
      const account = await read(device, network, accountPath(network, n), lookup);
      accounts.push(account);
      if (!account.used) break;
    }
    return accounts;
  });
}

/** One account at a path the person typed (checked: a BIP44 path the ARK app takes). */
export function readCustomAccount(
  open: TransportOpener,
  network: Network,
  path: string,
  lookup: (address: string) => Promise<AddressUse>,
  timeouts?: DeviceTimeouts,
): Promise<LedgerAccount> {
  const checked = checkPath(path);
  return withApp(open, timeouts, (device) => read(device, network, checked, lookup));
}
