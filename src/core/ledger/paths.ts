/**
 * BIP44 paths for ARK's Ledger app: `44'/111'/account'/0/index` on ARK mainnet (SLIP-44 coin 111) and
 * `44'/1'/account'/0/index` on devnet and test networks, as ArkVault derives them. A custom path must be one the app
 * and ARK's client accept: `44'/coin'/account'` or `44'/coin'/account'/change/index` (ledger-transport src/bip44.ts).
 */
import { mainnet, type Network } from '../protocol/networks';
import { LedgerError } from './errors';

const HARDENED = 0x80000000;
const PATTERN = /^(m\/)?44'(\/\d+'){2}(\/\d+\/\d+)?$/;

/** The coin type ArkVault uses for a network: 111 on ARK mainnet, 1 on every other (devnet, test, localnet). */
export function coinTypeOf(network: Network): number {
  return network.network.nethash === mainnet.network.nethash ? 111 : 1;
}

/** The default path of account `n`. */
export function accountPath(network: Network, account: number): string {
  if (!Number.isInteger(account) || account < 0 || account >= HARDENED) {
    throw new LedgerError('ERR_LEDGER_INVALID_PATH', 'The account number must be a whole number from 0.');
  }
  return `44'/${coinTypeOf(network)}'/${account}'/0/0`;
}

/** The path without "m/", checked; a path the app would refuse is an ERR_LEDGER_INVALID_PATH. */
export function checkPath(path: string): string {
  const text = typeof path === 'string' ? path.trim() : '';
  const elements = text.replace(/^m\//, '').split('/');
  const inRange = elements.every((e) => Number.parseInt(e, 10) < HARDENED);
  if (!PATTERN.test(text) || !inRange) {
    throw new LedgerError(
      'ERR_LEDGER_INVALID_PATH',
      `“${text}” is not a path the ARK Ledger app takes: use 44'/coin'/account'/change/index, e.g. 44'/1'/0'/0/0.`,
    );
  }
  return text.replace(/^m\//, '');
}

/** The path as the app reads it: a count byte, then each element as 4 bytes big-endian (hardened: top bit). */
export function pathBytes(path: string): Buffer {
  const elements = checkPath(path)
    .split('/')
    .map((e) => (e.endsWith("'") ? Number.parseInt(e, 10) + HARDENED : Number.parseInt(e, 10)));
  const bytes = Buffer.alloc(1 + 4 * elements.length);
  bytes[0] = elements.length;
  elements.forEach((e, i) => bytes.writeUInt32BE(e, 1 + 4 * i));
  return bytes;
}
