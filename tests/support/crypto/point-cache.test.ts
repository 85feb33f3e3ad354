import { describe, expect, it } from 'vitest';
import { publicKeyFromPrivateKey, uncompressedPublicKey } from '../../../src/core/protocol/crypto';
import { bigIntToBytes32 } from '../../../src/core/protocol/crypto/curve';
import { clearVerificationKeyCache, verificationKey, verificationKeyCacheSize } from './point-cache';

describe('verification key LRU', () => {
  it('caches valid keys only, returns the same entry on a hit, and stays bounded', () => {
    clearVerificationKeyCache();
    const key = publicKeyFromPrivateKey(bigIntToBytes32(5n));
    const first = verificationKey(key);
    expect(first).toBeDefined();
    expect(verificationKey(key)).toBe(first);
    const long = verificationKey(uncompressedPublicKey(key));
    expect(long?.compressed).toEqual(key);
    expect(verificationKey(new Uint8Array(33))).toBeUndefined();
    expect(verificationKey(new Uint8Array(12))).toBeUndefined();
    expect(verificationKeyCacheSize()).toBe(2);

    for (let i = 1; i <= 1100; i++)
      verificationKey(publicKeyFromPrivateKey(bigIntToBytes32(1000n + BigInt(i))));
    expect(verificationKeyCacheSize()).toBe(1024);
    // The oldest entries were evicted: a fresh lookup builds a new object.
    expect(verificationKey(key)).not.toBe(first);
    clearVerificationKeyCache();
  });
});
