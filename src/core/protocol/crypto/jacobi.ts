/**
 * The quadratic-residue test of legacy bip-schnorr (protocol reference §3.1): R's y must be a square mod p.
 *
 * Two equivalent tests exist. Euler's criterion y^((p−1)/2) needs ~256 modular squarings; the binary Jacobi
 * symbol needs only shifts, one mod per step and no multiplications, and measured ~5× faster
 * (tests/bench/crypto.bench.ts), so verification and signing use `jacobiSymbol`. The unit tests check that
 * both agree on random values.
 */
import { mod, P, powMod } from './curve';

/** Jacobi symbol (a/m) for odd m > 0: 1, −1, or 0 when gcd(a, m) ≠ 1. */
export function jacobiSymbol(a: bigint, m: bigint): -1 | 0 | 1 {
  if (m <= 0n || (m & 1n) === 0n) throw new RangeError('Jacobi symbol needs an odd positive modulus');
  let x = mod(a, m);
  let y = m;
  let sign: 1 | -1 = 1;
  while (x !== 0n) {
    // Pull out factors of two: (2/y) = −1 exactly when y ≡ 3 or 5 (mod 8).
    let twos = 0;
    while ((x & 0xffn) === 0n) {
      x >>= 8n;
      twos += 8;
    }
    while ((x & 1n) === 0n) {
      x >>= 1n;
      twos++;
    }
    if ((twos & 1) === 1) {
      const r = y & 7n;
      if (r === 3n || r === 5n) sign = sign === 1 ? -1 : 1;
    }
    // Quadratic reciprocity for odd x, y: flip when both are ≡ 3 (mod 4).
    if ((x & 3n) === 3n && (y & 3n) === 3n) sign = sign === 1 ? -1 : 1;
    const r = y % x;
    y = x;
    x = r;
  }
  return y === 1n ? sign : 0;
}

/** True when a is a non-zero square modulo p (binary Jacobi symbol). */
export function isQuadraticResidue(a: bigint): boolean {
  return jacobiSymbol(a, P) === 1;
}

const HALF_P_MINUS_1 = (P - 1n) >> 1n;

/** The same test by Euler's criterion a^((p−1)/2) ≡ 1 (mod p), as the reference describes it. */
export function isQuadraticResidueByExponent(a: bigint): boolean {
  return powMod(a, HALF_P_MINUS_1, P) === 1n;
}
