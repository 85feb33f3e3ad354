/**
 * The signature checks on libsecp256k1 compiled to WebAssembly (tiny-secp256k1 2.x, bitcoinjs' build): the same C
 * library ARK Core's native backend wraps, without a native build (nothing to rebuild for Electron's ABI) and about
 * five times faster than pure-JS curve arithmetic here (docs/benchmarks.md, "Signature verification").
 * Only public data passes through these functions; signing stays on noble (ecdsa.ts, schnorr.ts).
 *
 * The callers check what is ARK's and not libsecp256k1's first: strict DER and low-S for ECDSA, r < p and s < n for
 * legacy Schnorr. Nothing here throws: a key that is not a point is a failed check.
 */
import * as wasm from 'tiny-secp256k1';
import { toHex } from '../hex';
import { bigIntToBytes32, bytesToBigInt, N } from './curve';

/** A 33-byte compressed (02/03) or 65-byte uncompressed (04) point encoding, as noble accepts; never hybrid (06/07). */
function isKeyEncoding(publicKey: Uint8Array): boolean {
  const prefix = publicKey[0];
  return (
    (publicKey.length === 33 && (prefix === 0x02 || prefix === 0x03)) ||
    (publicKey.length === 65 && prefix === 0x04)
  );
}

/**
 * Keys libsecp256k1 has parsed, most recent last. tiny-secp256k1 reports a key that does not parse by throwing from
 * inside the WebAssembly call, which skips the C code's stack restore: every such throw leaks shadow-stack space,
 * and after a few thousand the verifier returns false for valid signatures (tests/unit/core/protocol/crypto/
 * libsecp256k1.test.ts). So no key reaches a tiny-secp256k1 call before `isPoint` (which answers without
 * throwing) has accepted it; senders repeat, so accepted keys are remembered.
 */
const POINTS_KEPT = 4096;
const acceptedPoints = new Map<string, true>();

/** Whether these bytes encode a point (33 bytes 02/03, or 65 bytes 04): libsecp256k1's parse, remembered. */
export function libsecpIsPoint(publicKey: Uint8Array): boolean {
  if (!isKeyEncoding(publicKey)) return false;
  const id = toHex(publicKey);
  if (acceptedPoints.has(id)) return true;
  let valid: boolean;
  try {
    valid = wasm.isPoint(publicKey);
  } catch {
    valid = false;
  }
  if (!valid) return false;
  rememberPoint(id);
  return true;
}

function rememberPoint(id: string): void {
  if (acceptedPoints.size >= POINTS_KEPT) acceptedPoints.delete(acceptedPoints.keys().next().value!);
  acceptedPoints.set(id, true);
}

/**
 * Keys another thread's libsecp256k1 verified a signature with (a worker of the verify pool): a signature only
 * verifies after its key parsed there, so the sender's address can be derived here without parsing it again.
 */
export function rememberVerifiedKeys(publicKeys: Iterable<Uint8Array>): void {
  for (const publicKey of publicKeys) if (isKeyEncoding(publicKey)) rememberPoint(toHex(publicKey));
}

/** ECDSA over a 32-byte hash with a 64-byte r ‖ s signature whose ranges and low-S the caller checked. */
export function libsecpEcdsaVerify(hash: Uint8Array, compact: Uint8Array, publicKey: Uint8Array): boolean {
  if (hash.length !== 32 || compact.length !== 64 || !libsecpIsPoint(publicKey)) return false;
  try {
    // strict: libsecp256k1 refuses a high-S signature too (the caller already did; this keeps the two in step).
    return wasm.verify(hash, publicKey, compact, true);
  } catch {
    return false;
  }
}

/**
 * Keys in their 65-byte form, by their compressed hex: libsecp256k1 multiplies an uncompressed key about a fifth
 * faster (no square root to find y: 184 against 232 µs here), and senders repeat.
 */
const uncompressedKeys = new Map<string, Uint8Array>();

function uncompressed(publicKey: Uint8Array): Uint8Array {
  if (publicKey.length === 65) return publicKey;
  const id = toHex(publicKey);
  let key = uncompressedKeys.get(id);
  if (key === undefined) {
    key = wasm.pointCompress(publicKey, false);
    if (uncompressedKeys.size >= POINTS_KEPT) uncompressedKeys.delete(uncompressedKeys.keys().next().value!);
    uncompressedKeys.set(id, key);
  }
  return key;
}

/** The 33-byte compressed encoding the Schnorr challenge hashes, or undefined when the key is not a point. */
export function libsecpCompressedKey(publicKey: Uint8Array): Uint8Array | undefined {
  if (!libsecpIsPoint(publicKey)) return undefined;
  if (publicKey.length === 33) return publicKey;
  try {
    return wasm.pointCompress(publicKey, true) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * R = s·G − e·P for legacy bip-schnorr: undefined when R is the point at infinity (or the key is not a point),
 * else R's 32-byte x and its y as a bigint. `s` and `e` are scalars below n.
 */
export function libsecpSchnorrPoint(
  s: bigint,
  e: bigint,
  publicKey: Uint8Array,
): { x: Uint8Array; y: bigint } | undefined {
  if (s >= N || e >= N || !libsecpIsPoint(publicKey)) return undefined;
  try {
    // s·G is the generator multiplication, −e·P = (n − e)·P a variable-base one; each is absent when its scalar is 0.
    const sG = s === 0n ? null : wasm.pointFromScalar(bigIntToBytes32(s), false);
    const eP = e === 0n ? null : wasm.pointMultiply(uncompressed(publicKey), bigIntToBytes32(N - e), false);
    const R = sG === null ? eP : eP === null ? sG : wasm.pointAdd(sG, eP, false);
    if (R === null || R.length !== 65) return undefined;
    return { x: R.subarray(1, 33), y: bytesToBigInt(R.subarray(33, 65)) };
  } catch {
    return undefined;
  }
}
