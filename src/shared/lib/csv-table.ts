/**
 * CSV as RFC 4180 writes it: fields separated by commas, a field in double quotes may hold commas, line breaks and
 * doubled quotes, lines end with CRLF or LF. Read into rows of text with the line each row starts on (for errors a
 * person can find in their file). Pure TypeScript: contacts and multipayment files are read by core, written by
 * either side.
 */

export interface CsvRow {
  /** 1-based line of the file where the row starts. */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** A file with more rows than its reader takes: parsing stopped at the first row past the cap. */
export class CsvTooManyRowsError extends Error {
  override readonly name = 'CsvTooManyRowsError';
  constructor(readonly maxRows: number) {
    super(`more than ${maxRows} rows`);
  }
}

/**
 * Rows of the text; blank lines are skipped. A quote left open or text after a closing quote is a CsvSyntaxError;
 * a row past `maxRows` stops the parse with CsvTooManyRowsError (a huge file is not read to its end).
 */
export function parseCsv(text: string, options: { maxRows?: number } = {}): CsvRow[] {
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const rows: CsvRow[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text; // a spreadsheet's byte-order mark
  let line = 1;
  let rowLine = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') {
      if (rows.length >= maxRows) throw new CsvTooManyRowsError(maxRows);
      rows.push({ line: rowLine, cells });
    }
    cells = [];
    cell = '';
    afterQuote = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === ',') {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else if (char === '"' && cell === '' && !afterQuote) {
      quoted = true;
    } else if (afterQuote) {
      throw new CsvSyntaxError(
        line,
        'text after a closing quote (write a quote inside a quoted field as "")',
      );
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(rowLine, 'a quoted field is never closed');
  endRow();
  return rows;
}

/**
 * Text a spreadsheet may take for a formula (OWASP's "CSV Injection" page): a field starting with = + - @, a tab
 * (0x09) or a carriage return (0x0D); also a line feed, the full-width ＝ ＋ － ＠ some spreadsheets read as their
 * ASCII forms, and any of those behind leading spaces (plain, no-break or ideographic), which spreadsheets skip.
 */
const FORMULA_START = /^[\t\r\n]|^[ \u00A0\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Whether a spreadsheet could read this field as a formula (FORMULA_START). */
export function formulaLike(value: string): boolean {
  return FORMULA_START.test(value);
}

/** A field that could be read as a formula, with a quote mark before it so it stays text. */
export function defuseFormula(value: string): string {
  return formulaLike(value) ? `'${value}` : value;
}

/** Undoes defuseFormula ("'=x" back to "=x"), so a file this app wrote reads back as the same text. */
export function undoFormulaGuard(value: string): string {
  return value.startsWith("'") && formulaLike(value.slice(1)) ? value.slice(1) : value;
}

/** One field as RFC 4180 quotes it, with spreadsheet formulas defused (defuseFormula). */
export function csvCell(value: string): string {
  const safe = defuseFormula(value);
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: readonly string[]): string {
  return values.map(csvCell).join(',');
}
