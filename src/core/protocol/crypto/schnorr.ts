/**
 * Legacy "bip-schnorr" (2019 sipa draft, jacobi variant) as used by ARK v2 transactions. NOT BIP340: no tagged
 * hashes, no x-only keys, no even-y rule (protocol reference §3.1, vectors bip340Contrast).
 */
import { ProtocolError } from '../errors';
import { concatBytes } from '../hex';
import { sha256 } from '../hash';
import { bigIntToBytes32, bytesToBigInt, mod, N, P } from './curve';
import { isQuadraticResidue } from './jacobi';
import { privateKeyScalar } from './keys';
import { secp } from './noble-setup';
import { libsecpSchnorrVerify, libsecpSchnorrVerifyBatch } from './libsecp256k1';
import type { SchnorrInput } from './secp256k1-backend';
import { takeVerdict } from './verdicts';

function assertHash(hash: Uint8Array): void {
  if (!(hash instanceof Uint8Array) || hash.length !== 32) {
    throw new ProtocolError('ERR_SIGNATURE', 'the signed hash must be 32 bytes');
  }
}

/** e = int(SHA256(r ‖ ser(P) ‖ m)) mod n, with ser(P) always the 33-byte compressed key. */
function challenge(r: Uint8Array, compressedKey: Uint8Array, hash: Uint8Array): bigint {
  return mod(bytesToBigInt(sha256(concatBytes(r, compressedKey, hash))), N);
}

/** Deterministic 64-byte r ‖ s signature of a 32-byte hash (signed as-is, no further hashing). */
export function schnorrSign(hash: Uint8Array, privateKey: Uint8Array): Uint8Array {
  assertHash(hash);
  const d = privateKeyScalar(privateKey);
  // The draft's nonce k0 = H(bytes32(d) ‖ m): no RFC6979, no aux randomness, so re-signing gives the same bytes.
  const k0 = mod(bytesToBigInt(sha256(concatBytes(privateKey, hash))), N);
  if (k0 === 0n) throw new ProtocolError('ERR_SIGNATURE', 'Schnorr nonce is zero for this key and hash');
  // Secret scalars go through noble's hardened multiply, not the public-data verification engine.
  const nonce = secp.Point.BASE.multiply(k0).toAffine();
  const k = isQuadraticResidue(nonce.y) ? k0 : N - k0;
  const r = bigIntToBytes32(nonce.x);
  const publicKey = secp.Point.BASE.multiply(d).toBytes(true);
  const s = mod(k + challenge(r, publicKey, hash) * d, N);
  return concatBytes(r, bigIntToBytes32(s));
}

/**
 * Accepts when R = s·G − e·P is finite, y(R) is a quadratic residue and x(R) = r; the curve arithmetic is
 * libsecp256k1's (libsecp256k1.ts). Any malformed input (wrong lengths, r ≥ p, s ≥ n, a key that is not a point)
 * gives false, never an exception.
 */
export function schnorrVerify(hash: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    if (!(hash instanceof Uint8Array) || hash.length !== 32) return false;
    if (!(signature instanceof Uint8Array) || signature.length !== 64) return false;
    if (!(publicKey instanceof Uint8Array)) return false;
    const prefetched = takeVerdict('schnorr', hash, signature, publicKey);
    if (prefetched !== undefined) return prefetched;
    // The draft's ranges, checked before libsecp256k1 is asked (it refuses them too).
    if (bytesToBigInt(signature.subarray(0, 32)) >= P || bytesToBigInt(signature.subarray(32)) >= N)
      return false;
    return libsecpSchnorrVerify(hash, signature, publicKey);
  } catch {
    return false;
  }
}

/**
 * Each check's schnorrVerify verdict, in order. Where libsecp256k1's batch verification is there (the native
 * build), the checks are first asked together: one multi-scalar multiplication with random weights, about a tenth
 * to a fifth cheaper a signature at a block's or a request's size (docs/benchmarks.md, "Ingest"). It accepts only
 * when every check verifies, bar a chance of 2^-128 (libsecp256k1's batch verification, as bcoin's and hsd's nodes
 * use it); ARK Core 3.9.1 verifies one by one (crypto/hash.ts verifySchnorr), which is what any refusal falls back
 * to here, so the verdict of each check that fails is its own.
 */
export function schnorrVerifyEach(checks: readonly SchnorrInput[]): boolean[] {
  if (checks.length >= 2 && checks.every(inRange) && libsecpSchnorrVerifyBatch(checks) === true) {
    return checks.map(() => true);
  }
  return checks.map(({ hash, signature, publicKey }) => schnorrVerify(hash, signature, publicKey));
}

/** schnorrVerify's own checks of the inputs' kinds and the draft's ranges, before libsecp256k1 is asked. */
function inRange({ hash, signature, publicKey }: SchnorrInput): boolean {
  return (
    hash instanceof Uint8Array &&
    hash.length === 32 &&
    signature instanceof Uint8Array &&
    signature.length === 64 &&
    publicKey instanceof Uint8Array &&
    bytesToBigInt(signature.subarray(0, 32)) < P &&
    bytesToBigInt(signature.subarray(32)) < N
  );
}
