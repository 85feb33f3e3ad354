/**
 * Signature cases for comparing two verifiers (tests/property/verify-differential.test.ts and
 * `npm run bench:verify`): valid ECDSA and legacy Schnorr signatures, the same with one bit flipped in the
 * signature, the hash or the key, and the edge cases ARK's rules decide: high-S, non-minimal DER, r ≥ p, s ≥ n,
 * zero scalars, uncompressed, hybrid and off-curve keys, and a Schnorr R whose y is not a quadratic residue.
 * Deterministic from a seed, so a failing case can be replayed.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { createHash } from 'node:crypto';
import { bigIntToBytes32, bytesToBigInt, mod, N, P, Point } from '../../src/core/protocol/crypto/curve';
import { derFromCompact } from '../../src/core/protocol/crypto/der';
import { isQuadraticResidue } from '../../src/core/protocol/crypto/jacobi';
import { ecdsaSign, schnorrSign, uncompressedPublicKey } from '../../src/core/protocol/crypto';

export type Algorithm = 'ecdsa' | 'schnorr';

export interface SignatureCase {
  algorithm: Algorithm;
  kind: string;
  hash: Uint8Array;
  signature: Uint8Array;
  publicKey: Uint8Array;
}

/** A small deterministic byte stream (SHA-256 in counter mode). */
export function byteStream(seed: string): (length: number) => Uint8Array {
  let counter = 0;
  let pool = new Uint8Array(0);
  return (length) => {
    while (pool.length < length) {
      const block = createHash('sha256').update(`${seed}:${counter++}`).digest();
      const next = new Uint8Array(pool.length + block.length);
      next.set(pool);
      next.set(block, pool.length);
      pool = next;
    }
    const out = pool.slice(0, length);
    pool = pool.slice(length);
    return out;
  };
}

function flipBit(bytes: Uint8Array, at: number): Uint8Array {
  const out = Uint8Array.from(bytes);
  out[Math.floor(at / 8) % out.length]! ^= 1 << (at % 8);
  return out;
}

function secretKey(random: (n: number) => Uint8Array): Uint8Array {
  for (;;) {
    const candidate = random(32);
    const d = bytesToBigInt(candidate);
    if (d > 0n && d < N) return candidate;
  }
}

/** A legacy Schnorr signature whose R has a y that is NOT a quadratic residue (the signer must negate k). */
function nonResidueSchnorr(d: bigint, hash: Uint8Array, random: (n: number) => Uint8Array): Uint8Array {
  const publicKey = Point.BASE.multiply(d).toBytes(true);
  for (;;) {
    const k = mod(bytesToBigInt(random(32)), N);
    if (k === 0n) continue;
    const R = Point.BASE.multiply(k).toAffine();
    if (isQuadraticResidue(R.y)) continue;
    const r = bigIntToBytes32(R.x);
    const e = mod(bytesToBigInt(createHash('sha256').update(r).update(publicKey).update(hash).digest()), N);
    return Uint8Array.of(...r, ...bigIntToBytes32(mod(k + e * d, N)));
  }
}

/** `count` cases from `seed`, a mix of every kind. */
export function signatureCases(seed: string, count: number): SignatureCase[] {
  const random = byteStream(seed);
  const cases: SignatureCase[] = [];
  const offCurve = (() => {
    for (;;) {
      const candidate = Uint8Array.of(0x02, ...random(32));
      try {
        Point.fromBytes(candidate);
      } catch {
        return candidate;
      }
    }
  })();
  for (let i = 0; cases.length < count; i++) {
    const privateKey = secretKey(random);
    const d = bytesToBigInt(privateKey);
    const publicKey = secp256k1.getPublicKey(privateKey, true);
    const hash = random(32);
    // Each kind in turn with both algorithms: 16 kinds with ECDSA, then the 16 with Schnorr.
    const algorithm: Algorithm = Math.floor(i / 16) % 2 === 0 ? 'ecdsa' : 'schnorr';
    const signature = algorithm === 'ecdsa' ? ecdsaSign(hash, privateKey) : schnorrSign(hash, privateKey);
    const push = (kind: string, over: Partial<SignatureCase>) =>
      cases.push({ algorithm, kind, hash, signature, publicKey, ...over });
    const bit = random(2);
    const at = (bit[0]! << 8) | bit[1]!;
    switch (i % 16) {
      case 0:
      case 1:
      case 2:
      case 3:
        push('valid', {});
        break;
      case 4:
      case 5:
        push('signature bit flipped', { signature: flipBit(signature, at) });
        break;
      case 6:
        push('hash bit flipped', { hash: flipBit(hash, at) });
        break;
      case 7:
        push('key bit flipped', { publicKey: flipBit(publicKey, 8 + (at % 256)) });
        break;
      case 8:
        push('uncompressed key', { publicKey: uncompressedPublicKey(publicKey) });
        break;
      case 9:
        push('hybrid key prefix', {
          publicKey: Uint8Array.of(
            0x06 + (publicKey[0]! & 1),
            ...uncompressedPublicKey(publicKey).subarray(1),
          ),
        });
        break;
      case 10:
        push('key not on the curve', { publicKey: offCurve });
        break;
      case 11:
        push('random signature', { signature: random(algorithm === 'ecdsa' ? 70 : 64) });
        break;
      case 12:
        if (algorithm === 'ecdsa') {
          // High-S: the same signature with s' = n − s (valid for plain ECDSA, refused by ARK's low-S rule).
          const compact = secp256k1.sign(hash, privateKey, { prehash: false, lowS: true, format: 'compact' });
          const s = bytesToBigInt(compact.subarray(32));
          push('high S', {
            signature: derFromCompact(Uint8Array.of(...compact.subarray(0, 32), ...bigIntToBytes32(N - s))),
          });
        } else {
          push('R with a non-residue y', { signature: nonResidueSchnorr(d, hash, random) });
        }
        break;
      case 13:
        if (algorithm === 'ecdsa') {
          // Non-minimal DER: a zero byte padded in front of r.
          const der = Uint8Array.from(signature);
          const rLength = der[3]!;
          const padded = Uint8Array.of(0x30, der[1]! + 1, 0x02, rLength + 1, 0x00, ...der.subarray(4));
          push('non-minimal DER', { signature: padded });
        } else {
          push('r ≥ p', {
            signature: Uint8Array.of(
              ...bigIntToBytes32(P + (bytesToBigInt(random(1)) % 5n) - 2n),
              ...signature.subarray(32),
            ),
          });
        }
        break;
      case 14:
        if (algorithm === 'ecdsa')
          push('r = 0', { signature: derFromCompact(Uint8Array.of(...new Uint8Array(32), ...random(32))) });
        else
          push('s ≥ n', {
            signature: Uint8Array.of(
              ...signature.subarray(0, 32),
              ...bigIntToBytes32(N + (bytesToBigInt(random(1)) % 3n)),
            ),
          });
        break;
      case 15:
        if (algorithm === 'ecdsa')
          push('s = 0', {
            signature: derFromCompact(Uint8Array.of(...signature.subarray(4, 36), ...new Uint8Array(32))),
          });
        else push('s = 0', { signature: Uint8Array.of(...signature.subarray(0, 32), ...new Uint8Array(32)) });
        break;
    }
  }
  return cases;
}
