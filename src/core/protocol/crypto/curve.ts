/**
 * secp256k1 through @noble/curves (protocol reference §10): signing, key derivation and the reference verifiers
 * (tests/support/crypto/noble-verify.ts, kept beside the tests and benchmarks that use them). Secret scalars go through @noble/secp256k1's hardened multiply (keys.ts, schnorr.ts, ecdsa.ts);
 * the reference verifiers use noble's variable-time `multiplyUnsafe` and per-key tables (tests/support/crypto/point-cache.ts). The
 * production signature checks run on libsecp256k1 (libsecp256k1.ts).
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { mod as modulo, pow } from '@noble/curves/abstract/modular.js';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';

export const Point = secp256k1.Point;
export type CurvePoint = InstanceType<typeof secp256k1.Point>;

/** Field prime p = 2^256 − 2^32 − 977. */
export const P: bigint = Point.Fp.ORDER;
/** Group order n. */
export const N: bigint = Point.Fn.ORDER;

export const bytesToBigInt = (bytes: Uint8Array): bigint => bytesToNumberBE(bytes);
export const bigIntToBytes32 = (value: bigint): Uint8Array => numberToBytesBE(value, 32);

/** Non-negative remainder of a modulo m. */
export const mod = (a: bigint, m: bigint): bigint => modulo(a, m);

export const powMod = (base: bigint, exponent: bigint, m: bigint): bigint => pow(base, exponent, m);

/** The point of a 33- or 65-byte SEC1 encoding (validated on the curve), or undefined. Never throws. */
export function decodePoint(bytes: Uint8Array): CurvePoint | undefined {
  if (!(bytes instanceof Uint8Array) || (bytes.length !== 33 && bytes.length !== 65)) return undefined;
  try {
    return Point.fromBytes(bytes);
  } catch {
    return undefined;
  }
}

export function encodePoint(point: CurvePoint, compressed = true): Uint8Array {
  return point.toBytes(compressed);
}
