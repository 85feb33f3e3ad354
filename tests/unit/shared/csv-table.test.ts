import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, csvLine, parseCsv } from '../../../src/shared/lib/csv-table';

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
});
