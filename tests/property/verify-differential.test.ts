/**
 * The production verifiers (libsecp256k1 in WebAssembly) and the pure-JS noble ones agree on every case:
 * valid, tampered, non-canonical and edge-case signatures (tests/support/signature-cases.ts). CI runs a few
 * thousand; `npm run bench:verify` runs 100,000.
 */
import { describe, expect, it } from 'vitest';
import { ecdsaVerify, schnorrVerify } from '../../src/core/protocol/crypto';
import { nobleEcdsaVerify, nobleSchnorrVerify } from '../support/crypto/noble-verify';
import { signatureCases } from '../support/signature-cases';

const COUNT = Number(process.env['DIFFERENTIAL_CASES'] ?? 3_000);

describe('libsecp256k1 and noble verifiers agree', () => {
  const cases = signatureCases('differential-ci', COUNT);

  it(`on ${COUNT} cases of every kind`, () => {
    const disagreements = cases.filter((one) => {
      const fast = one.algorithm === 'ecdsa' ? ecdsaVerify : schnorrVerify;
      const reference = one.algorithm === 'ecdsa' ? nobleEcdsaVerify : nobleSchnorrVerify;
      return (
        fast(one.hash, one.signature, one.publicKey) !== reference(one.hash, one.signature, one.publicKey)
      );
    });
    expect(disagreements.map((one) => `${one.algorithm}/${one.kind}`)).toEqual([]);
  });

  it('and the cases are what they claim: every valid one verifies, every refused kind is refused', () => {
    const verdict = new Map<string, Set<boolean>>();
    for (const one of cases) {
      const ok = (one.algorithm === 'ecdsa' ? ecdsaVerify : schnorrVerify)(
        one.hash,
        one.signature,
        one.publicKey,
      );
      const key = `${one.algorithm}/${one.kind}`;
      verdict.set(key, (verdict.get(key) ?? new Set()).add(ok));
    }
    expect(verdict.get('ecdsa/valid')).toEqual(new Set([true]));
    expect(verdict.get('schnorr/valid')).toEqual(new Set([true]));
    expect(verdict.get('ecdsa/uncompressed key')).toEqual(new Set([true]));
    expect(verdict.get('schnorr/uncompressed key')).toEqual(new Set([true]));
    for (const refused of [
      'ecdsa/high S',
      'ecdsa/non-minimal DER',
      'ecdsa/r = 0',
      'ecdsa/s = 0',
      'schnorr/R with a non-residue y',
      'schnorr/r ≥ p',
      'schnorr/s ≥ n',
      'schnorr/s = 0',
      'ecdsa/key not on the curve',
      'schnorr/key not on the curve',
      'ecdsa/hybrid key prefix',
      'schnorr/hybrid key prefix',
      'ecdsa/hash bit flipped',
      'schnorr/hash bit flipped',
    ]) {
      expect(verdict.get(refused), refused).toEqual(new Set([false]));
    }
  });
});
