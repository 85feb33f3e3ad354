/**
 * Local verification of a `/trng` result: the values are recomputed here from the block id alone
 * with the published derivation (src/shared/lib/trng.ts), so the screen does not take the node's word for them.
 */
import type { RandomDraw } from '../../../shared/domain/explorer';
import { trngValues } from '../../../shared/lib/trng';

export const DERIVATION =
  'values = SHA-256(block id as UTF-8 text), read as 8 unsigned 32-bit big-endian integers';

export interface Verification {
  verified: boolean;
  expected: number[];
  /** Index of the first value that differs (or the count, when only the lengths differ). */
  firstMismatch?: number;
}

export function verifyDraw(draw: Pick<RandomDraw, 'blockId' | 'values'>): Verification {
  const expected = trngValues(draw.blockId);
  const length = Math.max(expected.length, draw.values.length);
  for (let i = 0; i < length; i++) {
    if (expected[i] !== draw.values[i]) return { verified: false, expected, firstMismatch: i };
  }
  return { verified: true, expected };
}
