/**
 * Addresses (protocol reference §2): Base58Check(pubKeyHash ‖ RIPEMD160(publicKey)), 21 bytes, 34 characters.
 * RIPEMD160 of the public key alone, not Bitcoin's hash160.
 */
import { ProtocolError } from '../errors';
import { fromHex } from '../hex';
import { ripemd160 } from '../hash';
import { base58checkDecode, base58checkEncode } from './base58check';
import { isValidPublicKey, publicKeyFromPrivateKey, privateKeyFromPassphrase } from './keys';

const ADDRESS_BYTES = 21;

function assertVersion(pubKeyHash: number): void {
  if (!Number.isInteger(pubKeyHash) || pubKeyHash < 0 || pubKeyHash > 255) {
    throw new ProtocolError('ERR_ADDRESS', 'address version (pubKeyHash) must be an integer 0..255');
  }
}

/**
 * Addresses of hex keys derived by this function on another thread (a verify worker, beside the key's signature
 * check: core/parallel/signature-checks.ts checkAddresses), by address version; oldest forgotten first. Only this
 * process's own workers hand them in, so they are what this function would compute here.
 */
const DERIVED_KEPT = 8192;
const derived = new Map<number, Map<string, string>>();

/** Remembers addresses a worker derived with addressFromPublicKey: [hex public key, address] for `pubKeyHash`. */
export function rememberDerivedAddresses(
  pubKeyHash: number,
  pairs: Iterable<readonly [publicKey: string, address: string]>,
): void {
  assertVersion(pubKeyHash);
  let known = derived.get(pubKeyHash);
  if (known === undefined) derived.set(pubKeyHash, (known = new Map<string, string>()));
  for (const [publicKey, address] of pairs) {
    if (known.size >= DERIVED_KEPT) known.delete(known.keys().next().value!);
    known.set(publicKey, address);
  }
}

/**
 * Address of a 33- or 65-byte public key (bytes or hex). Like `Address.fromPublicKey`, the key is first checked
 * to be a curve point and then hashed as given; protocol keys are always the 33-byte compressed form.
 */
export function addressFromPublicKey(publicKey: Uint8Array | string, pubKeyHash: number): string {
  if (typeof publicKey === 'string') {
    const known = derived.get(pubKeyHash)?.get(publicKey);
    if (known !== undefined) return known;
  }
  assertVersion(pubKeyHash);
  if (!isValidPublicKey(publicKey))
    throw new ProtocolError('ERR_KEY', 'public key is not a valid secp256k1 point');
  const bytes = typeof publicKey === 'string' ? fromHex(publicKey, 'public key', 'ERR_KEY') : publicKey;
  const payload = new Uint8Array(ADDRESS_BYTES);
  payload[0] = pubKeyHash;
  payload.set(ripemd160(bytes), 1);
  return base58checkEncode(payload);
}

export function addressFromPassphrase(passphrase: string, pubKeyHash: number): string {
  return addressFromPublicKey(publicKeyFromPrivateKey(privateKeyFromPassphrase(passphrase)), pubKeyHash);
}

/**
 * `Address.validate` semantics: Base58Check decodes and the first payload byte equals the version. The payload
 * length is deliberately not checked here (the transaction schema adds the 34-character rule).
 */
export function validateAddress(address: string, pubKeyHash: number): boolean {
  const payload = base58checkDecode(address);
  return payload !== undefined && payload.length > 0 && payload[0] === pubKeyHash;
}

/**
 * Valid addresses decoded lately (their 21-byte payloads). A transaction's recipient is decoded when its JSON is
 * validated, serialized, deserialized and validated again; Base58 and the double SHA-256 of the checksum are
 * then done once.
 */
const DECODED_KEPT = 4096;
const decoded = new Map<string, Uint8Array>();

/** Version byte and 20-byte hash; ERR_ADDRESS for bad Base58, a bad checksum or a payload that is not 21 bytes. */
export function decodeAddress(address: string): { version: number; hash: Uint8Array } {
  const known = decoded.get(address);
  if (known !== undefined) return { version: known[0]!, hash: known.slice(1) };
  const payload = base58checkDecode(address);
  if (payload === undefined) {
    throw new ProtocolError(
      'ERR_ADDRESS',
      `address ${JSON.stringify(String(address))} is not valid Base58Check`,
    );
  }
  if (payload.length !== ADDRESS_BYTES) {
    throw new ProtocolError(
      'ERR_ADDRESS',
      `address decodes to ${payload.length} bytes, expected ${ADDRESS_BYTES}`,
    );
  }
  if (decoded.size >= DECODED_KEPT) decoded.delete(decoded.keys().next().value!);
  decoded.set(address, payload.slice());
  return { version: payload[0]!, hash: payload.slice(1) };
}

/** The 21 serialized bytes (version ‖ RIPEMD160) of an address. */
export function addressToBytes(address: string): Uint8Array {
  const { version, hash } = decodeAddress(address);
  const out = new Uint8Array(ADDRESS_BYTES);
  out[0] = version;
  out.set(hash, 1);
  return out;
}

export function addressFromBytes(bytes: Uint8Array): string {
  if (!(bytes instanceof Uint8Array) || bytes.length !== ADDRESS_BYTES) {
    throw new ProtocolError('ERR_ADDRESS', `address bytes must be ${ADDRESS_BYTES} bytes`);
  }
  return base58checkEncode(bytes);
}
