import { sha256 } from '../hash';

/**
 * The delegate order of a round: core-state `RoundState.shuffleDelegates`, reproduced exactly (protocol
 * reference §7). seed = SHA256(decimal round); each seed byte x (0..3) swaps list[i] with list[seed[x] mod n];
 * then seed = SHA256(seed). The outer loop's own `i++` after every 4 swaps is a quirk that skips positions 4, 9,
 * 14, … as `i`; it is kept for compatibility. Returns a new array; the input is not mutated.
 */
export function shuffleDelegates<T>(list: readonly T[], round: number): T[] {
  const out = [...list];
  const n = out.length;
  let seed = sha256(String(round));
  for (let i = 0; i < n; i++) {
    for (let x = 0; x < 4 && i < n; i++, x++) {
      const j = seed[x]! % n;
      const swap = out[j]!;
      out[j] = out[i]!;
      out[i] = swap;
    }
    seed = sha256(seed);
  }
  return out;
}
