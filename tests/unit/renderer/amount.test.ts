import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  decimalSeparatorOf,
  formatAmount,
  formatArktoshi,
  parseAmount,
  parseAmountInput,
  sumAmounts,
} from '../../../src/renderer/lib/amount';
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
    expect(csv.split('\r\n')[1]).toBe('a,,transfer,,S,R,1.00000000,0.10000000,0.00000000,"\'=cmd, ""x""",3');
  });

  it('defuses a memo starting with a tab, a carriage return, spaces or a full-width sign (OWASP)', () => {
    const row = (memo: string) =>
      transactionsCsv([
        {
          id: 'a',
          type: 0,
          typeGroup: 1,
          kind: 'transfer',
          amount: '1',
          fee: '1',
          sender: 'S',
          senderPublicKey: 'P',
          recipient: 'R',
          memo,
          confirmations: 1,
        },
      ]).split('\r\n')[1];
    expect(row('\t=1+1')).toContain(`,'\t=1+1,`);
    expect(row('\r=1+1')).toContain(`,"'\r=1+1",`);
    expect(row('  =1+1')).toContain(`,'  =1+1,`);
    expect(row('\uFF1D1+1')).toContain(`,'\uFF1D1+1,`);
  });
});

describe('typed amounts (the person’s locale, nothing ambiguous)', () => {
  it('"1,5" is never 15: refused where "." is the decimal separator, 1.5 where "," is', () => {
    expect(parseAmountInput('1,5', '.')).toEqual({
      ok: false,
      message:
        'Write the amount without thousands separators, with “.” before the decimals (for example 1.5).',
    });
    expect(parseAmountInput('1,5', ',')).toEqual({ ok: true, arktoshi: '150000000' });
    expect(parseAmountInput('1.5', ',')).toMatchObject({ ok: false });
    expect(parseAmountInput('1.5', '.')).toEqual({ ok: true, arktoshi: '150000000' });
  });
  it('refuses grouping, two separators, more than 8 decimals, signs, exponents and spaces', () => {
    for (const text of [
      '1,000.5',
      '1 000',
      '1’000',
      '1.2.3',
      '1.123456789',
      '-1',
      '+1',
      '1e3',
      'abc',
      '',
      '.',
      '1 5',
    ]) {
      expect(parseAmountInput(text, '.').ok, text).toBe(false);
    }
    expect(parseAmountInput('1.2.3', '.')).toEqual({
      ok: false,
      message: 'Use one “.” only, before the decimals.',
    });
    expect(parseAmountInput('1.123456789', '.')).toEqual({ ok: false, message: 'At most 8 decimals.' });
    expect(parseAmountInput('  0.00000001 ', '.')).toEqual({ ok: true, arktoshi: '1' });
    expect(parseAmount('1,000')).toBeUndefined();
  });
  it('knows the locale’s separator', () => {
    expect(decimalSeparatorOf('en-US')).toBe('.');
    expect(decimalSeparatorOf('de-DE')).toBe(',');
  });
  it('says the amount back in words of the token, without pointless zeros', () => {
    expect(amountInWords('150000000', 'VTY')).toBe('1.5 VTY');
    expect(amountInWords('100000000000', 'VTY')).toBe('1,000 VTY');
    expect(amountInWords('1', 'VTY')).toBe('0.00000001 VTY');
  });
});
