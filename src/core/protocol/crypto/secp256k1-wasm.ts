/**
 * libsecp256k1 compiled to WebAssembly (tiny-secp256k1 2.x, bitcoinjs' build): the fallback where the native addon
 * does not load (secp256k1-native.ts, libsecp256k1.ts), needing no build for any ABI; about four times slower than
 * the native library here (docs/benchmarks.md, "Ingest"). Only public data passes through these functions.
 *
 * tiny-secp256k1 has no legacy Schnorr, so it is computed from its point operations: R = s·G − e·P as a generator
 * multiplication, a variable-base one and an addition, then the quadratic-residue test on R's y (jacobi.ts).
 * Nothing here throws: a key that is not a point, or R at infinity, is a failed check.
 */
import * as wasm from 'tiny-secp256k1';
import { equalBytes } from '@noble/curves/utils.js';
import { concatBytes, toHex } from '../hex';
import { sha256 } from '../hash';
import { bigIntToBytes32, bytesToBigInt, mod, N } from './curve';
import { isQuadraticResidue } from './jacobi';
import type { Secp256k1Backend } from './secp256k1-backend';

const KEYS_KEPT = 4096;

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
    if (uncompressedKeys.size >= KEYS_KEPT) uncompressedKeys.delete(uncompressedKeys.keys().next().value!);
    uncompressedKeys.set(id, key);
  }
  return key;
}

/** The 33-byte compressed encoding the Schnorr challenge hashes. */
function compressed(publicKey: Uint8Array): Uint8Array {
  return publicKey.length === 33 ? publicKey : wasm.pointCompress(publicKey, true);
}

/** R = s·G − e·P, or undefined at infinity: its 32-byte x and its y. `s` and `e` are scalars below n. */
function schnorrPoint(s: bigint, e: bigint, publicKey: Uint8Array): { x: Uint8Array; y: bigint } | undefined {
  // s·G is the generator multiplication, −e·P = (n − e)·P a variable-base one; each is absent when its scalar is 0.
  const sG = s === 0n ? null : wasm.pointFromScalar(bigIntToBytes32(s), false);
  const eP = e === 0n ? null : wasm.pointMultiply(uncompressed(publicKey), bigIntToBytes32(N - e), false);
  const R = sG === null ? eP : eP === null ? sG : wasm.pointAdd(sG, eP, false);
  if (R === null || R.length !== 65) return undefined;
  return { x: R.subarray(1, 33), y: bytesToBigInt(R.subarray(33, 65)) };
}

export const wasmSecp256k1: Secp256k1Backend = {
  name: 'wasm',
  refusesBadKeys: false,

  isPoint(publicKey) {
    try {
      return wasm.isPoint(publicKey);
    } catch {
      return false;
    }
  },

  ecdsaVerify(hash, compact, publicKey) {
    try {
      // strict: libsecp256k1 refuses a high-S signature too (the caller already did; this keeps the two in step).
      return wasm.verify(hash, publicKey, compact, true);
    } catch {
      return false;
    }
  },

  schnorrVerify(hash, signature, publicKey) {
    try {
      const rBytes = signature.subarray(0, 32);
      const s = bytesToBigInt(signature.subarray(32));
      const e = mod(bytesToBigInt(sha256(concatBytes(rBytes, compressed(publicKey), hash))), N);
      const R = schnorrPoint(s, e, publicKey);
      return R !== undefined && equalBytes(R.x, rBytes) && isQuadraticResidue(R.y);
    } catch {
      return false;
    }
  },
};
