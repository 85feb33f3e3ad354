import { describe, expect, it } from 'vitest';
import {
  CsvSyntaxError,
  csvCell,
  csvLine,
  parseCsv,
  undoFormulaGuard,
} from '../../../src/shared/lib/csv-table';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain, quoted and multi-line fields with the line each row starts on', () => {
    const text = 'name,address,note\r\n"Smith, Jo",DAddr1,"says ""hi""\nand more"\n\nBob,DAddr2,\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['name', 'address', 'note'] },
      { line: 2, cells: ['Smith, Jo', 'DAddr1', 'says "hi"\nand more'] },
      { line: 5, cells: ['Bob', 'DAddr2', ''] },
    ]);
  });

  it('ignores a byte-order mark and a last line without its line ending', () => {
    expect(parseCsv('\uFEFFa,b\nc,d')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
    ]);
  });

  it('names the line of a quote left open and of text after a closing quote', () => {
    expect(() => parseCsv('a,b\nc,"open\n')).toThrow(new CsvSyntaxError(2, 'a quoted field is never closed'));
    expect(() => parseCsv('a\n"x"y,b')).toThrow(/line 2: text after a closing quote/);
  });

  it('reads back what csvLine writes', () => {
    const values = ['plain', 'comma, inside', 'quote " inside', 'line\r\nbreak', ''];
    expect(parseCsv(`${csvLine(values)}\r\n`)).toEqual([{ line: 1, cells: values }]);
    expect(csvLine(['=HYPERLINK("x")', '-1', '@me'])).toBe(`"'=HYPERLINK(""x"")",'-1,'@me`);
  });

  // OWASP "CSV Injection": = + - @, tab (0x09) and carriage return (0x0D); also a line feed, the full-width
  // forms and leading spaces, which spreadsheets skip before reading a formula.
  const formulas = [
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    '\t=1+1',
    '\tplain after a tab',
    '\r=1+1',
    '\n=1+1',
    ' =1+1',
    '   @SUM(A1)',
    '\u00A0=1',
    '\u3000=1',
    '\uFF1D1+1',
    '\uFF0B1',
    '\uFF0D1',
    '\uFF20SUM(A1)',
    '  \uFF1DHYPERLINK("x")',
  ];

  it.each(formulas)('defuses a field a spreadsheet could read as a formula: %j', (value) => {
    const [cell] = parseCsv(`${csvCell(value)}\r\n`)[0]!.cells;
    expect(cell).toBe(`'${value}`);
    expect(undoFormulaGuard(cell!)).toBe(value);
  });

  it('leaves text that cannot start a formula as it is', () => {
    for (const value of ['plain', 'a=b', 'x-1', "'quoted", 'D7HX…', ' leading space only', '１２３']) {
      expect(csvCell(value)).toBe(value);
      expect(undoFormulaGuard(value)).toBe(value);
    }
  });
});
