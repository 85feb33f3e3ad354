/**
 * The WebAssembly verifier survives hostile keys: tiny-secp256k1 throws from inside WebAssembly for a key that does
 * not parse, leaking C stack each time, until valid signatures stop verifying. libsecp256k1.ts never hands it such
 * a key (src/core/protocol/crypto/libsecp256k1.ts). The native build runs the same loop.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ecdsaSign,
  ecdsaVerify,
  publicKeyFromPrivateKey,
  schnorrSign,
  schnorrVerify,
} from '../../../../../src/core/protocol/crypto';
import { useSecp256k1Backend } from '../../../../../src/core/protocol/crypto/libsecp256k1';
import { sha256 } from '../../../../../src/core/protocol/hash';

afterEach(() => {
  useSecp256k1Backend('native');
});

describe.each(['wasm', 'native'] as const)('libsecp256k1 verifier (%s) under hostile keys', (build) => {
  it('still verifies valid signatures after 20,000 checks against keys that are not points', () => {
    useSecp256k1Backend(build);
    const privateKey = sha256('hostile keys test');
    const publicKey = publicKeyFromPrivateKey(privateKey);
    const hash = sha256('a message');
    const ecdsa = ecdsaSign(hash, privateKey);
    const schnorr = schnorrSign(hash, privateKey);
    // 0x02 followed by x = 5: x³ + 7 = 132 is not a square mod p, so this is not a point.
    const offCurve = new Uint8Array(33);
    offCurve[0] = 0x02;
    offCurve[32] = 5;
    for (let i = 0; i < 10_000; i++) {
      expect(ecdsaVerify(hash, ecdsa, offCurve)).toBe(false);
      expect(schnorrVerify(hash, schnorr, offCurve)).toBe(false);
    }
    expect(ecdsaVerify(hash, ecdsa, publicKey)).toBe(true);
    expect(schnorrVerify(hash, schnorr, publicKey)).toBe(true);
  });
});
