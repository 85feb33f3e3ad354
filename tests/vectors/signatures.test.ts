import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/vectors/signatures.json';
import {
  compactFromStrictDer,
  derFromCompact,
  ecdsaSign,
  ecdsaVerify,
  keyPairFromPassphrase,
  schnorrSign,
  schnorrVerify,
  verifyTransactionSignature,
} from '../../src/core/protocol/crypto';
import { sha256 } from '../../src/core/protocol/hash';
import { fromHex, toHex } from '../../src/core/protocol/hex';

describe('signatures.json: raw vectors', () => {
  it('holds 12 vectors', () => {
    expect(vectors.vectors).toHaveLength(12);
  });

  describe.each(vectors.vectors.map((v) => [v.messageHashIs, v.passphrase, v] as const))(
    '%s by %s',
    (_, __, v) => {
      const privateKey = fromHex(v.privateKeyHex);
      const publicKey = fromHex(v.publicKey);
      const hash = fromHex(v.messageHashHex);

      it('uses the stated key and hash', () => {
        const keys = keyPairFromPassphrase(v.passphrase);
        expect(toHex(keys.privateKey)).toBe(v.privateKeyHex);
        expect(toHex(keys.publicKey)).toBe(v.publicKey);
        const quoted = /^sha256\(utf8\("(.*)"\)\)$/.exec(v.messageHashIs);
        expect(quoted).not.toBeNull();
        expect(toHex(sha256(quoted![1]!))).toBe(v.messageHashHex);
      });

      it('Schnorr: exact bytes, determinism, verification', () => {
        const signature = schnorrSign(hash, privateKey);
        expect(toHex(signature)).toBe(v.schnorrSignature);
        expect(toHex(schnorrSign(hash, privateKey)) === v.schnorrSignature).toBe(v.schnorrDeterministic);
        expect(schnorrVerify(hash, fromHex(v.schnorrSignature), publicKey)).toBe(v.schnorrVerify);
        expect(verifyTransactionSignature(hash, fromHex(v.schnorrSignature), publicKey)).toBe(
          v.schnorrVerify,
        );
      });

      it('ECDSA: exact DER bytes, determinism, verification', () => {
        const signature = ecdsaSign(hash, privateKey);
        expect(toHex(signature)).toBe(v.ecdsaDerSignature);
        expect(toHex(ecdsaSign(hash, privateKey)) === v.ecdsaDerSignature).toBe(v.ecdsaDeterministic);
        expect(ecdsaVerify(hash, fromHex(v.ecdsaDerSignature), publicKey)).toBe(v.ecdsaVerify);
        expect(verifyTransactionSignature(hash, fromHex(v.ecdsaDerSignature), publicKey)).toBe(v.ecdsaVerify);
        const compact = compactFromStrictDer(fromHex(v.ecdsaDerSignature));
        expect(compact).toBeDefined();
        expect(toHex(derFromCompact(compact!))).toBe(v.ecdsaDerSignature);
      });
    },
  );
});

describe('signatures.json: schnorrVerifyEdgeCases', () => {
  it.each(vectors.schnorrVerifyEdgeCases.map((c) => [c.note, c] as const))('%s', (_, c) => {
    const hash = fromHex(c.messageHashHex);
    const signature = fromHex(c.signature);
    const publicKey = fromHex(c.publicKey);
    expect(schnorrVerify(hash, signature, publicKey)).toBe(c.schnorrVerify);
    expect(verifyTransactionSignature(hash, signature, publicKey)).toBe(c.schnorrVerify);
  });
});

describe('signatures.json: ecdsaVerifyEdgeCases', () => {
  it.each(vectors.ecdsaVerifyEdgeCases.map((c) => [c.note, c] as const))('%s', (_, c) => {
    const hash = fromHex(c.messageHashHex);
    const signature = fromHex(c.signature);
    const publicKey = fromHex(c.publicKey);
    expect(ecdsaVerify(hash, signature, publicKey)).toBe(c.verifyECDSA);
    expect(verifyTransactionSignature(hash, signature, publicKey)).toBe(c.verifyECDSA);
  });
});
