/**
 * Parsed verification keys for the noble reference verifiers (noble-verify.ts), cached by encoding. Decoding a 33-byte key costs a square root, and a key with
 * precomputed wNAF tables multiplies ~1.8× faster (tests/bench/crypto.bench.ts: ~1,750 vs ~950 Schnorr
 * verifies/s), but building them costs about four verifications. A key therefore gets them on its
 * PRECOMPUTE_AFTER-th use: a chain's frequent senders gain, senders seen a few times never pay. Only valid keys are cached, so junk cannot pollute it.
 */
import { toHex } from '../../../src/core/protocol/hex';
import { decodePoint, type CurvePoint } from '../../../src/core/protocol/crypto/curve';

export interface VerificationKey {
  readonly point: CurvePoint;
  /** How often this key was asked for; its tables are built once the count reaches PRECOMPUTE_AFTER. */
  uses: number;
  /** The 33-byte compressed encoding, which the Schnorr challenge hashes whatever form was given (§3.1). */
  readonly compressed: Uint8Array;
}

const CAPACITY = 1024;
/** noble's wNAF window for cached keys: 2^(W−1) points per window, built lazily on the first multiply. */
const WINDOW = 4;
const PRECOMPUTE_AFTER = 4;
const cache = new Map<string, VerificationKey>();

/** Builds a verification key without touching the cache, or undefined for an invalid encoding. */
export function parseVerificationKey(bytes: Uint8Array): VerificationKey | undefined {
  const point = decodePoint(bytes);
  if (point === undefined) return undefined;
  return { point, compressed: point.toBytes(true), uses: 1 };
}

/** Cached `parseVerificationKey`; a hit moves the key to the most-recent end of the LRU. */
export function verificationKey(bytes: Uint8Array): VerificationKey | undefined {
  if (bytes.length !== 33 && bytes.length !== 65) return undefined;
  const id = toHex(bytes);
  const hit = cache.get(id);
  if (hit !== undefined) {
    cache.delete(id);
    cache.set(id, hit);
    hit.uses++;
    if (hit.uses === PRECOMPUTE_AFTER) hit.point.precompute(WINDOW);
    return hit;
  }
  const parsed = parseVerificationKey(bytes);
  if (parsed === undefined) return undefined;
  cache.set(id, parsed);
  if (cache.size > CAPACITY) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  return parsed;
}

export function verificationKeyCacheSize(): number {
  return cache.size;
}

export function clearVerificationKeyCache(): void {
  cache.clear();
}
