/** Only fees that can work are offered or accepted (src/renderer/lib/fees.ts). */
import { describe, expect, it } from 'vitest';
import type { FeesView } from '../../../src/shared/domain/chain-views';
import { customFeeProblem, workableFees } from '../../../src/renderer/lib/fees';
import { amountInWords, plainAmount } from '../../../src/renderer/lib/amount';

const fees: FeesView = {
  static: { '1': { transfer: '10000000', multiPayment: '50000000' } },
  stats: {
    byTypeGroup: {
      '1': {
        transfer: { min: '0', avg: '8000000', max: '10000000', sum: '0' },
        multiPayment: { min: '0', avg: '0', max: '0', sum: '0' },
      },
    },
  },
};
const say = (arktoshi: string) => amountInWords(arktoshi, 'VTY');

describe('workable fees', () => {
  it('never offers "Minimum 0", and offers only fees at least the least a node admits', () => {
    expect(workableFees(fees, 'transfer', 0, { minimum: '1', static: '10000000', dynamic: true })).toEqual([
      { choice: 'static', value: '10000000' },
      { choice: 'avg', value: '8000000' },
    ]);
    expect(
      workableFees(fees, 'transfer', 0, { minimum: '9000000', static: '10000000', dynamic: true }),
    ).toEqual([{ choice: 'static', value: '10000000' }]);
    expect(
      workableFees(fees, 'multiPayment', 6, { minimum: '1000', static: '50000000', dynamic: true }),
    ).toEqual([{ choice: 'static', value: '50000000' }]);
  });
  it('offers only the static fee on a network without dynamic fees', () => {
    expect(
      workableFees(fees, 'transfer', 0, { minimum: '10000000', static: '10000000', dynamic: false }),
    ).toEqual([{ choice: 'static', value: '10000000' }]);
  });
  it('says why a typed fee cannot work', () => {
    const dynamic = { minimum: '531000', static: '10000000', dynamic: true };
    expect(customFeeProblem('530999', '10000000', dynamic, say)).toBe(
      'Nodes take at least 0.00531 VTY for this transaction.',
    );
    expect(customFeeProblem('531000', '10000000', dynamic, say)).toBeUndefined();
    expect(customFeeProblem('0', '10000000', undefined, say)).toBe('The fee must be above zero.');
    const exact = { minimum: '10000000', static: '10000000', dynamic: false };
    expect(customFeeProblem('20000000', '10000000', exact, say)).toBe(
      'This network takes exactly the standard fee (0.1 VTY).',
    );
  });
  it('"send all" writes the rest back as the person types amounts', () => {
    expect(plainAmount('99990000000', '.')).toBe('999.9');
    expect(plainAmount('150000000', ',')).toBe('1,5');
    expect(plainAmount('1', '.')).toBe('0.00000001');
  });
});
