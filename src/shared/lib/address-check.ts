/**
 * Is this text an address of this network, and if not, why (for the recipient field, before anything is
 * signed)? The checks of ARK's `Address.validate`: Base58Check with a double-SHA-256 checksum, 21 bytes, and the
 * network's version byte first (protocol reference §2). The core checks again when it builds the transaction.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

const codec = createBase58check(sha256);
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** What is wrong with a text as an address of a network: each its own words where it is shown. */
export type AddressFault = 'empty' | 'shape' | 'checksum' | 'length' | 'network';

/** Undefined for a valid address of the network with `pubKeyHash`, else which check it fails. */
export function addressFault(text: string, pubKeyHash: number): AddressFault | undefined {
  const address = text.trim();
  if (address === '') return 'empty';
  if (!BASE58.test(address) || address.length !== 34) return 'shape';
  let payload: Uint8Array;
  try {
    payload = codec.decode(address);
  } catch {
    return 'checksum';
  }
  if (payload.length !== 21) return 'length';
  if (payload[0] !== pubKeyHash) return 'network';
  return undefined;
}

const RECIPIENT_WORDS: Record<AddressFault, string> = {
  empty: 'Enter the recipient address.',
  shape: 'An address is 34 letters and digits (no 0, O, I or l); check that it was copied whole.',
  checksum: 'This address has a typo: its checksum does not match. Copy it again from the recipient.',
  length: 'This is not an address (it decodes to the wrong length).',
  network: 'This is an address of another network, not of the one this wallet is on.',
};

/** Undefined for a valid address of the network with `pubKeyHash`, else a sentence saying what is wrong. */
export function addressProblem(text: string, pubKeyHash: number): string | undefined {
  const fault = addressFault(text, pubKeyHash);
  return fault === undefined ? undefined : RECIPIENT_WORDS[fault];
}
