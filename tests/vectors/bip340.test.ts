import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/vectors/noble-to-library.json';
import keys from '../fixtures/vectors/keys.json';
import { schnorrSign, schnorrVerify } from '../../src/core/protocol/crypto';
import { fromHex, toHex } from '../../src/core/protocol/hex';

/** The contrast vectors carry only public keys; the private keys come from keys.json. */
function privateKeyOf(publicKey: string): Uint8Array {
  const key = keys.keys.find((k) => k.publicKey === publicKey);
  if (key === undefined) throw new Error(`no keys.json entry for ${publicKey}`);
  return fromHex(key.privateKeyHex);
}

describe('noble-to-library.json: bip340Contrast (legacy bip-schnorr, not BIP340)', () => {
  it.each(vectors.bip340Contrast.map((c) => [c.messageHashHex, c] as const))('hash %s', (_, c) => {
    const hash = fromHex(c.messageHashHex);
    const publicKey = fromHex(c.publicKey);
    const signature = schnorrSign(hash, privateKeyOf(c.publicKey));
    expect(toHex(signature)).toBe(c.legacySchnorr);
    expect(toHex(signature)).toBe(c.libraryOwnSignature);
    expect(schnorrVerify(hash, fromHex(c.legacySchnorr), publicKey)).toBe(c.libraryVerifiesLegacy);
    expect(schnorrVerify(hash, fromHex(c.bip340Schnorr_auxRandZero), publicKey)).toBe(
      c.libraryVerifiesBip340,
    );
    expect(c.libraryVerifiesBip340).toBe(false);
  });
});
