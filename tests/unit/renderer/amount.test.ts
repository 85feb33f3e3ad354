import { describe, expect, it } from 'vitest';
import { formatAmount, formatArktoshi, parseAmount, sumAmounts } from '../../../src/renderer/lib/amount';
import { transactionsCsv } from '../../../src/renderer/lib/csv';

describe('amounts without floating point', () => {
  it('formats arktoshi with 8 decimals and the symbol', () => {
    expect(formatArktoshi('123456789')).toBe('1.23456789');
    expect(formatArktoshi('0')).toBe('0.00000000');
    expect(formatAmount('100000000000', 'Ѧ')).toBe('1,000.00000000 Ѧ');
    expect(formatArktoshi('-1')).toBe('-0.00000001');
    // Above 2^53 arktoshi: exact.
    expect(formatArktoshi('9007199254740993')).toBe('90,071,992.54740993');
  });
  it('parses typed amounts and refuses more than 8 decimals or junk', () => {
    expect(parseAmount('12.5')).toBe('1250000000');
    expect(parseAmount('0.00000001')).toBe('1');
    expect(parseAmount('.5')).toBe('50000000');
    expect(parseAmount('1.000000001')).toBeUndefined();
    expect(parseAmount('1e3')).toBeUndefined();
    expect(parseAmount('-1')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
  });
  it('sums decimal strings', () => {
    expect(sumAmounts(['1', '2', '9007199254740993'])).toBe('9007199254740996');
  });
  it('quotes CSV cells and defuses formulas', () => {
    const csv = transactionsCsv([
      {
        id: 'a',
        type: 0,
        typeGroup: 1,
        kind: 'transfer',
        amount: '100000000',
        fee: '10000000',
        sender: 'S',
        senderPublicKey: 'P',
        recipient: 'R',
        memo: '=cmd, "x"',
        confirmations: 3,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe('a,,transfer,,S,R,1.00000000,0.10000000,"\'=cmd, ""x""",3');
  });
});
