/**
 * What the explorer's one search box was given, decided from the text's shape alone before any
 * request: a height (digits), a 64-hex id (a transaction or a block: ARK 3.x block ids are full SHA-256, protocol
 * reference §5), a 66-hex public key, a Base58Check address of this network (its pubKeyHash byte), or a delegate
 * username (ARK's `^[a-z0-9!@$&_.]{1,20}$`).
 */
import { decodeAddress } from '../../protocol/crypto/address';
import { otherNetworkWords } from '../../protocol/networks/address-network';

export type ExplorerQuery =
  | { shape: 'height'; height: number; text: string }
  /** A legacy decimal block id (ARK 2.x ids were 64-bit integers written in decimal). */
  | { shape: 'decimalBlockId'; id: string }
  | { shape: 'hexId'; id: string }
  | { shape: 'publicKey'; publicKey: string }
  | { shape: 'address'; address: string }
  | { shape: 'username'; username: string }
  | { shape: 'invalid'; reason: string };

/** Heights stay far below 2^53; a longer run of digits can only be an old decimal block id. */
const MAX_HEIGHT_DIGITS = 15;
const USERNAME = /^[a-z0-9!@$&_.]{1,20}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{25,40}$/;

export function classifyQuery(input: string, pubKeyHash: number): ExplorerQuery {
  const text = input.trim();
  if (text === '') {
    return {
      shape: 'invalid',
      reason: 'Type a block height or id, a transaction id, an address, a public key or a delegate name.',
    };
  }
  if (/^\d+$/.test(text)) {
    return text.length <= MAX_HEIGHT_DIGITS
      ? { shape: 'height', height: Number(text), text }
      : { shape: 'decimalBlockId', id: text };
  }
  if (/^[0-9a-fA-F]{64}$/.test(text)) return { shape: 'hexId', id: text.toLowerCase() };
  if (/^0[23][0-9a-fA-F]{64}$/.test(text)) return { shape: 'publicKey', publicKey: text.toLowerCase() };
  if (BASE58.test(text)) {
    const address = addressOf(text, pubKeyHash);
    if (address !== undefined) return address;
  }
  const username = text.toLowerCase();
  if (USERNAME.test(username)) return { shape: 'username', username };
  return {
    shape: 'invalid',
    reason: `"${text.slice(0, 80)}" is not a block height or id, a transaction id, an address, a public key or a delegate name.`,
  };
}

/** An address of this network, an address of another one (said plainly), or undefined when not Base58Check. */
function addressOf(text: string, pubKeyHash: number): ExplorerQuery | undefined {
  let version: number;
  try {
    version = decodeAddress(text).version;
  } catch {
    return undefined;
  }
  if (version === pubKeyHash) return { shape: 'address', address: text };
  return {
    shape: 'invalid',
    reason: `${text} belongs to another network: it is ${otherNetworkWords(version, { pubKeyHash })}.`,
  };
}
