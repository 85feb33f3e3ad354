/**
 * Legacy Schnorr checks verified together (schnorr.ts schnorrVerifyEach, libsecp256k1.ts libsecpSchnorrVerifyBatch):
 * libsecp256k1's batch verification is asked first, and each check's verdict is still its own — the same as
 * schnorrVerify's one by one, whichever checks fail, on either build.
 */
import { afterEach, describe, expect, it } from 'vitest';
import vectors from '../../../../fixtures/vectors/signatures.json';
import { schnorrVerify } from '../../../../../src/core/protocol/crypto';
import {
  libsecpSchnorrVerifyBatch,
  useSecp256k1Backend,
} from '../../../../../src/core/protocol/crypto/libsecp256k1';
import { schnorrVerifyEach } from '../../../../../src/core/protocol/crypto/schnorr';
import type { SchnorrInput } from '../../../../../src/core/protocol/crypto/secp256k1-backend';
import { fromHex } from '../../../../../src/core/protocol/hex';
import { signatureCases } from '../../../../support/signature-cases';

afterEach(() => {
  useSecp256k1Backend('native');
});

const schnorrCases: SchnorrInput[] = signatureCases('schnorr-batch', 600)
  .filter((one) => one.algorithm === 'schnorr')
  .map(({ hash, signature, publicKey }) => ({ hash, signature, publicKey }));
const oneByOne = (checks: readonly SchnorrInput[]) =>
  checks.map(({ hash, signature, publicKey }) => schnorrVerify(hash, signature, publicKey));
const valid = schnorrCases.filter((_, i) => oneByOne(schnorrCases)[i]);
const invalid = schnorrCases.filter((_, i) => !oneByOne(schnorrCases)[i]);

describe('libsecp256k1 batch verification (native build)', () => {
  it('accepts a batch of valid signatures, and refuses it when any one of them is altered', () => {
    const batch = valid.slice(0, 40);
    expect(batch).toHaveLength(40);
    expect(libsecpSchnorrVerifyBatch(batch)).toBe(true);
    for (const at of [0, 17, 39]) {
      const altered = batch.map((check) => ({ ...check }));
      const hash = Uint8Array.from(altered[at]!.hash);
      hash[31]! ^= 1;
      altered[at] = { ...altered[at]!, hash };
      expect(libsecpSchnorrVerifyBatch(altered), `altered at ${at}`).toBe(false);
    }
  });

  it('refuses a batch holding any invalid case of the generated hostile kinds', () => {
    for (const bad of invalid) {
      const verdict = libsecpSchnorrVerifyBatch([...valid.slice(0, 5), bad, ...valid.slice(5, 10)]);
      // Undefined: an input refused before libsecp256k1 is asked (a wrong length or key encoding); false: refused
      // by it (a key that does not parse is the addon's to refuse on this build).
      expect(verdict === false || verdict === undefined).toBe(true);
    }
  });

  it('hands keys that are not points to the addon itself, which refuses them and goes on verifying', () => {
    // 0x02 followed by x = 5: x³ + 7 = 132 is not a square mod p, so this is not a point.
    const offCurve = new Uint8Array(33);
    offCurve[0] = 0x02;
    offCurve[32] = 5;
    const batch = valid.slice(0, 8);
    const hostile = [...batch.slice(0, 4), { ...batch[4]!, publicKey: offCurve }, ...batch.slice(5)];
    for (let i = 0; i < 20_000; i++) expect(libsecpSchnorrVerifyBatch(hostile)).toBe(false);
    expect(libsecpSchnorrVerifyBatch(batch)).toBe(true);
    expect(schnorrVerifyEach(hostile)).toEqual([true, true, true, true, false, true, true, true]);
  });

  it('answers undefined on the WebAssembly build, which has no batch verification', () => {
    useSecp256k1Backend('wasm');
    expect(libsecpSchnorrVerifyBatch(valid.slice(0, 4))).toBeUndefined();
  });
});

describe.each(['native', 'wasm'] as const)('schnorrVerifyEach on the %s build', (build) => {
  it('gives each check the verdict schnorrVerify gives it alone, on the generated cases in mixed batches', () => {
    useSecp256k1Backend(build);
    // Batches of 40 in the generator's order (valid and hostile cases interleaved), and all-valid batches.
    for (let at = 0; at < schnorrCases.length; at += 40) {
      const batch = schnorrCases.slice(at, at + 40);
      expect(schnorrVerifyEach(batch)).toEqual(oneByOne(batch));
    }
    for (let at = 0; at < valid.length; at += 40) {
      const batch = valid.slice(at, at + 40);
      expect(schnorrVerifyEach(batch).every(Boolean)).toBe(true);
    }
    expect(invalid.length).toBeGreaterThan(20);
    expect(schnorrVerifyEach([])).toEqual([]);
  });

  it('gives the verdicts of signatures.json, its edge cases among valid signatures', () => {
    useSecp256k1Backend(build);
    const cases = [
      ...vectors.vectors.map((v) => ({
        check: {
          hash: fromHex(v.messageHashHex),
          signature: fromHex(v.schnorrSignature),
          publicKey: fromHex(v.publicKey),
        },
        expected: v.schnorrVerify,
      })),
      ...vectors.schnorrVerifyEdgeCases.map((c) => ({
        check: {
          hash: fromHex(c.messageHashHex),
          signature: fromHex(c.signature),
          publicKey: fromHex(c.publicKey),
        },
        expected: c.schnorrVerify,
      })),
    ];
    for (const { check, expected } of cases) {
      const batch = [...valid.slice(0, 3), check, ...valid.slice(3, 6)];
      expect(schnorrVerifyEach(batch)).toEqual([true, true, true, expected, true, true, true]);
    }
  });
});
