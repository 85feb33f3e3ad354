import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { P, Point, powMod } from '../../../../../src/core/protocol/crypto/curve';

const Fp = Point.Fp;
/** noble's square root throws for non-squares: undefined instead. */
const sqrtOrUndefined = (a: bigint): bigint | undefined => {
  try {
    return Fp.sqrt(a);
  } catch {
    return undefined;
  }
};
import {
  isQuadraticResidue,
  isQuadraticResidueByExponent,
  jacobiSymbol,
} from '../../../../../src/core/protocol/crypto/jacobi';

const fieldElement = fc.bigInt({ min: 0n, max: P - 1n });

describe('quadratic-residue test (protocol reference §3.1)', () => {
  it('binary Jacobi symbol agrees with Euler’s criterion on random field elements', () => {
    fc.assert(
      fc.property(fieldElement, (a) => {
        expect(isQuadraticResidue(a)).toBe(isQuadraticResidueByExponent(a));
        const euler = powMod(a, (P - 1n) / 2n, P);
        const expected = a === 0n ? 0 : euler === 1n ? 1 : -1;
        expect(jacobiSymbol(a, P)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('squares are residues, and their negations are not (p ≡ 3 mod 4)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: P - 1n }), (a) => {
        const square = Fp.sqr(a);
        expect(isQuadraticResidue(square)).toBe(true);
        expect(isQuadraticResidue(P - square)).toBe(false);
        expect(sqrtOrUndefined(square)).toBeDefined();
        expect(sqrtOrUndefined(P - square)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('matches small textbook values and rejects even moduli', () => {
    expect(jacobiSymbol(0n, P)).toBe(0);
    expect(jacobiSymbol(1n, P)).toBe(1);
    expect(jacobiSymbol(2n, 15n)).toBe(1);
    expect(jacobiSymbol(7n, 15n)).toBe(-1);
    expect(jacobiSymbol(5n, 15n)).toBe(0);
    expect(jacobiSymbol(-1n, P)).toBe(-1);
    expect(() => jacobiSymbol(3n, 8n)).toThrow(RangeError);
  });
});
