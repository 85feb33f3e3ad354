import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactFromStrictDer,
  derFromCompact,
  ecdsaSign,
  ecdsaVerify,
  publicKeyFromPrivateKey,
  schnorrSign,
  schnorrVerify,
  uncompressedPublicKey,
  verifyTransactionSignature,
} from '../../../../../src/core/protocol/crypto';
import { bigIntToBytes32, N } from '../../../../../src/core/protocol/crypto/curve';
import { secp } from '../../../../../src/core/protocol/crypto/noble-setup';

const privateKey = fc.bigInt({ min: 1n, max: N - 1n }).map(bigIntToBytes32);
const hash = fc.uint8Array({ minLength: 32, maxLength: 32 });

function flipBit(bytes: Uint8Array, bit: number): Uint8Array {
  const out = Uint8Array.from(bytes);
  out[bit >> 3]! ^= 1 << (bit & 7);
  return out;
}

describe('Schnorr sign/verify properties', () => {
  it('verifies its own signatures, also against the uncompressed key, and is deterministic', () => {
    fc.assert(
      fc.property(privateKey, hash, (key, h) => {
        const publicKey = publicKeyFromPrivateKey(key);
        const signature = schnorrSign(h, key);
        expect(signature).toHaveLength(64);
        expect(schnorrSign(h, key)).toEqual(signature);
        expect(schnorrVerify(h, signature, publicKey)).toBe(true);
        expect(schnorrVerify(h, signature, uncompressedPublicKey(publicKey))).toBe(true);
        expect(verifyTransactionSignature(h, signature, publicKey)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('rejects a signature or hash with one bit flipped', () => {
    fc.assert(
      fc.property(privateKey, hash, fc.nat({ max: 511 }), fc.nat({ max: 255 }), (key, h, sigBit, hashBit) => {
        const publicKey = publicKeyFromPrivateKey(key);
        const signature = schnorrSign(h, key);
        expect(schnorrVerify(h, flipBit(signature, sigBit), publicKey)).toBe(false);
        expect(schnorrVerify(flipBit(h, hashBit), signature, publicKey)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it('returns false for malformed input instead of throwing', () => {
    const key = bigIntToBytes32(12345n);
    const h = new Uint8Array(32).fill(7);
    const publicKey = publicKeyFromPrivateKey(key);
    const signature = schnorrSign(h, key);
    expect(schnorrVerify(h.subarray(1), signature, publicKey)).toBe(false);
    expect(schnorrVerify(h, signature.subarray(1), publicKey)).toBe(false);
    expect(schnorrVerify(h, signature, publicKey.subarray(1))).toBe(false);
    expect(schnorrVerify(h, signature, new Uint8Array(33))).toBe(false);
    expect(schnorrVerify(h, new Uint8Array(64), publicKey)).toBe(false);
    expect(schnorrVerify(h, signature, 'nope' as unknown as Uint8Array)).toBe(false);
    expect(() => schnorrSign(h.subarray(1), key)).toThrow(expect.objectContaining({ code: 'ERR_SIGNATURE' }));
    expect(() => schnorrSign(h, new Uint8Array(32))).toThrow(expect.objectContaining({ code: 'ERR_KEY' }));
  });
});

describe('ECDSA sign/verify properties', () => {
  it('signs low-S strict DER that verifies here and in noble, deterministically', () => {
    fc.assert(
      fc.property(privateKey, hash, (key, h) => {
        const publicKey = publicKeyFromPrivateKey(key);
        const der = ecdsaSign(h, key);
        expect(ecdsaSign(h, key)).toEqual(der);
        const compact = compactFromStrictDer(der);
        expect(compact).toBeDefined();
        expect(secp.verify(compact!, h, publicKey, { prehash: false, lowS: true })).toBe(true);
        expect(ecdsaVerify(h, der, publicKey)).toBe(true);
        expect(ecdsaVerify(h, der, uncompressedPublicKey(publicKey))).toBe(true);
        expect(verifyTransactionSignature(h, der, publicKey)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('rejects a signature or hash with one bit flipped', () => {
    fc.assert(
      fc.property(privateKey, hash, fc.nat(), fc.nat({ max: 255 }), (key, h, sigBitSeed, hashBit) => {
        const publicKey = publicKeyFromPrivateKey(key);
        const der = ecdsaSign(h, key);
        expect(ecdsaVerify(h, flipBit(der, sigBitSeed % (der.length * 8)), publicKey)).toBe(false);
        expect(ecdsaVerify(flipBit(h, hashBit), der, publicKey)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it('agrees with noble on random compact signatures, including r ≥ p − n and high-S ones', () => {
    const scalarBelowN = fc.bigInt({ min: 1n, max: N - 1n });
    fc.assert(
      fc.property(privateKey, hash, scalarBelowN, scalarBelowN, (key, h, r, s) => {
        const publicKey = publicKeyFromPrivateKey(key);
        const compact = new Uint8Array(64);
        compact.set(bigIntToBytes32(r), 0);
        compact.set(bigIntToBytes32(s), 32);
        const expected = secp.verify(compact, h, publicKey, { prehash: false, lowS: true });
        expect(ecdsaVerify(h, derFromCompact(compact), publicKey)).toBe(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('returns false for malformed input instead of throwing', () => {
    const key = bigIntToBytes32(777n);
    const h = new Uint8Array(32).fill(9);
    const publicKey = publicKeyFromPrivateKey(key);
    const der = ecdsaSign(h, key);
    expect(ecdsaVerify(h.subarray(1), der, publicKey)).toBe(false);
    expect(ecdsaVerify(h, der.subarray(1), publicKey)).toBe(false);
    expect(ecdsaVerify(h, new Uint8Array(0), publicKey)).toBe(false);
    expect(ecdsaVerify(h, der, publicKey.subarray(2))).toBe(false);
    expect(ecdsaVerify(h, derFromCompact(new Uint8Array(64)), publicKey)).toBe(false);
    expect(() => ecdsaSign(h, new Uint8Array(31))).toThrow(expect.objectContaining({ code: 'ERR_KEY' }));
  });
});
