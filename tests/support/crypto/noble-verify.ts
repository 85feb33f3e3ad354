/**
 * The pure-JS verifiers on @noble/curves that libsecp256k1 (WebAssembly) replaced for speed. They stay as the
 * second, independent implementation the differential tests and `npm run bench:verify` compare the production
 * verifiers with (tests/property/verify-differential.test.ts): same inputs, same answers.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { concatBytes } from '../../../src/core/protocol/hex';
import { sha256 } from '../../../src/core/protocol/hash';
import { bytesToBigInt, mod, N, P, Point } from '../../../src/core/protocol/crypto/curve';
import { compactFromStrictDer } from '../../../src/core/protocol/crypto/der';
import { isQuadraticResidue } from '../../../src/core/protocol/crypto/jacobi';
import { verificationKey } from './point-cache';

const HALF_N = N >> 1n;

/** `Hash.verifyECDSA` on noble: strict DER, 0 < r, s < n, low-S, then the ECDSA equation. Never throws. */
export function nobleEcdsaVerify(hash: Uint8Array, derSignature: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    if (!(hash instanceof Uint8Array) || hash.length !== 32) return false;
    if (!(publicKey instanceof Uint8Array)) return false;
    const compact = compactFromStrictDer(derSignature);
    if (compact === undefined) return false;
    const r = bytesToBigInt(compact.subarray(0, 32));
    const s = bytesToBigInt(compact.subarray(32));
    if (r === 0n || r >= N || s === 0n || s > HALF_N) return false;
    const key = verificationKey(publicKey);
    if (key === undefined) return false;
    return secp256k1.verify(compact, hash, key.point.toBytes(true), {
      prehash: false,
      lowS: true,
      format: 'compact',
    });
  } catch {
    return false;
  }
}

/** Legacy bip-schnorr on noble: R = s·G − e·P finite, y(R) a quadratic residue, x(R) = r. Never throws. */
export function nobleSchnorrVerify(hash: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    if (!(hash instanceof Uint8Array) || hash.length !== 32) return false;
    if (!(signature instanceof Uint8Array) || signature.length !== 64) return false;
    if (!(publicKey instanceof Uint8Array)) return false;
    const rBytes = signature.subarray(0, 32);
    const r = bytesToBigInt(rBytes);
    const s = bytesToBigInt(signature.subarray(32));
    if (r >= P || s >= N) return false;
    const key = verificationKey(publicKey);
    if (key === undefined) return false;
    const e = mod(bytesToBigInt(sha256(concatBytes(rBytes, key.compressed, hash))), N);
    const sG = Point.BASE.multiplyUnsafe(s);
    const R = e === 0n ? sG : sG.add(key.point.multiplyUnsafe(N - e));
    if (R.is0()) return false;
    const { x, y } = R.toAffine();
    return x === r && isQuadraticResidue(y);
  } catch {
    return false;
  }
}
