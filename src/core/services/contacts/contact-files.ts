/**
 * Contacts in and out of files: JSON (`{network, nethash, contacts: [{name, address, note}]}`, or a bare array of
 * such entries) and CSV (`name,address,note`, RFC 4180, a header row optional). An import checks every row as a
 * typed contact is checked and reports each row it leaves out with where it is and why; nothing is half-added.
 */
import type { ContactsExport, ContactsFileFormat } from '../../../shared/domain/contacts';
import { CONTACTS_PER_NETWORK_MAX } from '../../../shared/domain/contacts';
import {
  CsvSyntaxError,
  CsvTooManyRowsError,
  csvLine,
  parseCsv,
  undoFormulaGuard,
} from '../../../shared/lib/csv-table';
import { CONTACTS_FILE, sizeWords, tooManyRows } from '../../../shared/lib/file-limits';
import { cleanContact, type ContactInput, type ContactNetwork, type StoredContact } from './contact-book';
import { ContactsError } from './errors';

/** A candidate row of an import file and where it is. */
export interface ImportRow {
  at: string;
  input: ContactInput | undefined;
  /** Why the row cannot even be read as a contact. */
  problem?: string;
}

export function exportContacts(
  contacts: readonly StoredContact[],
  network: ContactNetwork,
  format: ContactsFileFormat,
): ContactsExport {
  const entries = contacts.map(({ name, address, note }) => ({ name, address, note }));
  const base = `votary-contacts-${network.name.replace(/[^a-z0-9-]+/gi, '_')}`;
  if (format === 'json') {
    const text = `${JSON.stringify({ network: network.name, nethash: network.nethash, contacts: entries }, null, 2)}\n`;
    return { fileName: `${base}.json`, text, count: entries.length };
  }
  const lines = [
    csvLine(['name', 'address', 'note']),
    ...entries.map((e) => csvLine([e.name, e.address, e.note])),
  ];
  return { fileName: `${base}.csv`, text: `${lines.join('\r\n')}\r\n`, count: entries.length };
}

/** Undoes the formula guard csvCell adds on export ("'=x" back to "=x"), so a round trip gives the same text. */
const unguard = undoFormulaGuard;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function jsonRows(document: unknown, network: ContactNetwork): ImportRow[] {
  let entries: unknown = document;
  if (typeof document === 'object' && document !== null && !Array.isArray(document)) {
    const record = document as Record<string, unknown>;
    const nethash = text(record['nethash']);
    if (nethash !== undefined && nethash !== network.nethash) {
      const from = text(record['network']) ?? 'another network';
      throw new ContactsError(
        'ERR_CONTACTS_FILE',
        `This file holds contacts of ${from}, not of ${network.name}: switch to that network to import it.`,
      );
    }
    entries = record['contacts'];
  }
  if (!Array.isArray(entries)) {
    throw new ContactsError(
      'ERR_CONTACTS_FILE',
      'A contacts JSON file is a list of {name, address, note}, or an object with such a "contacts" list.',
    );
  }
  if (entries.length > MAX_ROWS) throw tooMany();
  return entries.map((entry: unknown, index) => {
    const at = `entry ${index + 1}`;
    if (typeof entry !== 'object' || entry === null)
      return { at, input: undefined, problem: 'not an object' };
    const record = entry as Record<string, unknown>;
    const name = text(record['name']);
    const address = text(record['address']);
    const note = record['note'] === undefined ? '' : text(record['note']);
    if (name === undefined || address === undefined || note === undefined) {
      return { at, input: undefined, problem: 'name and address must be text (and note, when given)' };
    }
    return { at, input: { name, address, note } };
  });
}

const MAX_ROWS = CONTACTS_FILE.maxRows ?? CONTACTS_PER_NETWORK_MAX;
const tooMany = () =>
  new ContactsError('ERR_CONTACTS_FILE', tooManyRows({ ...CONTACTS_FILE, maxRows: MAX_ROWS }));

function csvRows(source: string): ImportRow[] {
  let rows;
  try {
    // One row more for a header.
    rows = parseCsv(source, { maxRows: MAX_ROWS + 1 });
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new ContactsError('ERR_CONTACTS_FILE', `The CSV file: ${error.message}.`);
    if (error instanceof CsvTooManyRowsError) throw tooMany();
    throw error;
  }
  let columns = { name: 0, address: 1, note: 2 };
  const header = rows[0]?.cells.map((cell) => cell.trim().toLowerCase());
  if (header?.includes('address') === true) {
    const note = ['note', 'notes', 'description', 'memo'].map((n) => header.indexOf(n)).find((i) => i >= 0);
    columns = { name: header.indexOf('name'), address: header.indexOf('address'), note: note ?? -1 };
    rows = rows.slice(1);
  }
  if (rows.length > MAX_ROWS) throw tooMany();
  return rows.map((row) => {
    const at = `line ${row.line}`;
    const cell = (index: number) => (index < 0 ? '' : unguard(row.cells[index] ?? ''));
    return {
      at,
      input: { name: cell(columns.name), address: cell(columns.address), note: cell(columns.note) },
    };
  });
}

/** The rows of an import file, in the format given or, without one, the one its first character says. */
export function readImportRows(
  source: string,
  network: ContactNetwork,
  format?: ContactsFileFormat,
): ImportRow[] {
  // A character is at least a byte: text longer than the byte limit came from a file past it.
  if (source.length > CONTACTS_FILE.maxBytes) {
    throw new ContactsError(
      'ERR_CONTACTS_FILE',
      `${CONTACTS_FILE.what} may be at most ${sizeWords(CONTACTS_FILE.maxBytes)}: ${CONTACTS_FILE.hint}.`,
    );
  }
  const chosen = format ?? (/^\s*[[{]/.test(source) ? 'json' : 'csv');
  if (chosen === 'csv') return csvRows(source);
  let document: unknown;
  try {
    document = JSON.parse(source);
  } catch {
    throw new ContactsError('ERR_CONTACTS_FILE', 'The file is not valid JSON.');
  }
  return jsonRows(document, network);
}

/** A row checked as a typed contact is: the tidied contact, or why it is not one. */
export type CheckedRow =
  | { at: string; contact: Required<ContactInput>; reason?: undefined }
  | { at: string; contact?: undefined; reason: string };

/** Each row checked as a typed contact is, in the file's order. */
export function checkRows(rows: readonly ImportRow[], network: ContactNetwork): CheckedRow[] {
  return rows.map((row): CheckedRow => {
    if (row.input === undefined) return { at: row.at, reason: row.problem ?? 'not a contact' };
    try {
      return { at: row.at, contact: cleanContact(row.input, network) };
    } catch (error) {
      if (!(error instanceof ContactsError)) throw error;
      return { at: row.at, reason: error.message };
    }
  });
}
