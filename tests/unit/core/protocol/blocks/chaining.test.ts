import { describe, expect, it } from 'vitest';
import { validateChaining } from '../../../../../src/core/protocol/blocks';
import { devnet } from '../../../../../src/core/protocol/networks';

const previous = {
  id: 'aa'.repeat(32),
  height: 6000000,
  timestamp: 149999992,
  previousBlock: 'bb'.repeat(32),
};
const next = { id: 'cc'.repeat(32), height: 6000001, timestamp: 150000000, previousBlock: previous.id };

describe('validateChaining (core isBlockChained, protocol reference §6.2)', () => {
  it('accepts the next block in a later slot, even after missed slots', () => {
    expect(validateChaining(next, previous, devnet)).toEqual([]);
    expect(validateChaining({ ...next, timestamp: 150000400 }, previous, devnet)).toEqual([]);
  });

  it('reports a wrong previous id', () => {
    expect(validateChaining({ ...next, previousBlock: 'dd'.repeat(32) }, previous, devnet)).toEqual([
      `previous block id mismatch: ${'dd'.repeat(32)} VS ${previous.id}`,
    ]);
  });

  it('reports a height that is not previous + 1', () => {
    expect(validateChaining({ ...next, height: 6000002 }, previous, devnet)).toEqual([
      'height is not plus one: 6000002 VS 6000000',
    ]);
  });

  it('reports a slot that is not after the previous one', () => {
    // 149999999 is still in the previous block's slot 18749999.
    expect(validateChaining({ ...next, timestamp: 149999999 }, previous, devnet)).toEqual([
      'previous slot is not smaller: 18749999 (derived from timestamp 149999992) VS 18749999 (derived from timestamp 149999999)',
    ]);
  });

  it('lists every failed rule', () => {
    expect(validateChaining({ ...previous }, previous, devnet)).toHaveLength(3);
  });
});
