/**
 * ECDSA as ARK uses it (protocol reference §3.2): RFC6979 nonces, low-S, DER; block signatures, messages, v1 and
 * optionally v2 transactions. Signing is noble's (its output matched every library vector byte for byte, and it is
 * constant-time); verification is libsecp256k1's (native, or WebAssembly where the addon does not load,
 * libsecp256k1.ts) after the library's strict DER and low-S checks.
 */
import { ProtocolError } from '../errors';
import { compactFromStrictDer, derFromCompact } from './der';
import { bytesToBigInt, N } from './curve';
import { privateKeyScalar } from './keys';
import { secp } from './noble-setup';
import { libsecpEcdsaVerify } from './libsecp256k1';
import { takeVerdict } from './verdicts';

const HALF_N = N >> 1n;

/** Deterministic low-S DER signature of a 32-byte hash (noble v3 would prehash by default: `prehash: false`). */
export function ecdsaSign(hash: Uint8Array, privateKey: Uint8Array): Uint8Array {
  if (!(hash instanceof Uint8Array) || hash.length !== 32) {
    throw new ProtocolError('ERR_SIGNATURE', 'the signed hash must be 32 bytes');
  }
  privateKeyScalar(privateKey);
  const compact = secp.sign(hash, privateKey, { prehash: false, lowS: true, format: 'compact' });
  return derFromCompact(compact);
}

/**
 * `Hash.verifyECDSA`: strict DER, 0 < r, s < n, low-S (ARK's rules, checked here), then the ECDSA equation on
 * libsecp256k1 (libsecp256k1.ts). Never throws.
 */
export function ecdsaVerify(hash: Uint8Array, derSignature: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    if (!(hash instanceof Uint8Array) || hash.length !== 32) return false;
    if (!(publicKey instanceof Uint8Array) || !(derSignature instanceof Uint8Array)) return false;
    const prefetched = takeVerdict('ecdsa', hash, derSignature, publicKey);
    if (prefetched !== undefined) return prefetched;
    const compact = compactFromStrictDer(derSignature);
    if (compact === undefined) return false;
    const r = bytesToBigInt(compact.subarray(0, 32));
    const s = bytesToBigInt(compact.subarray(32));
    if (r === 0n || r >= N || s === 0n || s > HALF_N) return false;
    return libsecpEcdsaVerify(hash, compact, publicKey);
  } catch {
    return false;
  }
}

export { compactFromStrictDer, derFromCompact };
