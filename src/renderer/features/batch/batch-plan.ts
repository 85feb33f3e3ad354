/**
 * A multipayment from a CSV file (`address,amount,memo`; a header row optional; amounts in tokens with "." as the
 * decimal point, as in the file's own locale-free form): every row checked (address of this network, an amount
 * above zero exact to the arktoshi), then the payments grouped by memo — a multipayment carries one memo — and each
 * group split into transactions of at most the network's `multiPaymentLimit` payments. Pure: the preview shows
 * exactly the transactions the Send form will be filled with, each still reviewed and signed one by one.
 */
import { addressFault, addressProblem, type AddressFault } from '../../../shared/lib/address-check';
import { CsvSyntaxError, CsvTooManyRowsError, parseCsv } from '../../../shared/lib/csv-table';
import { MULTIPAYMENT_FILE, sizeWords, tooManyRows } from '../../../shared/lib/file-limits';
import { tokensToArktoshi } from '../../../shared/lib/payment-link';

/** Each reason a row is left out, in a few words, for the count of rows left out for it. */
const ADDRESS_KINDS: Record<AddressFault, string> = {
  empty: 'no address',
  shape: 'not an address',
  length: 'not an address',
  checksum: 'an address with a typo',
  network: 'an address of another network',
};
const AMOUNT_KIND = 'not an amount above 0 with at most 8 decimals';

export interface BatchRow {
  line: number;
  address: string;
  amountText: string;
  memo: string;
  /** Arktoshi, when the amount is valid. */
  amount?: string;
  /** Why this row cannot be paid. */
  problem?: string;
  /** That reason in a few words, the same for every row left out for it (for the summary of a long list). */
  kind?: string;
}

export interface BatchTransaction {
  memo: string;
  payments: Array<{ recipientId: string; amount: string }>;
  /** Arktoshi paid out, fees aside. */
  total: string;
}

export type BatchPlan =
  | { ok: true; rows: BatchRow[]; transactions: BatchTransaction[]; total: string }
  | { ok: false; message: string };

function columnsOf(header: readonly string[]): { address: number; amount: number; memo: number } | undefined {
  const names = header.map((cell) => cell.trim().toLowerCase());
  if (!names.includes('address') && !names.includes('recipient')) return undefined;
  const find = (...candidates: string[]) => candidates.map((c) => names.indexOf(c)).find((i) => i >= 0) ?? -1;
  return {
    address: find('address', 'recipient'),
    amount: find('amount'),
    memo: find('memo', 'vendorfield', 'note', 'smartbridge'),
  };
}

/** `limit`: the network's multipayment limit as the host says it (networks:configuration). */
export function planBatch(text: string, pubKeyHash: number, limit: number): BatchPlan {
  // A character is at least a byte: text longer than the byte limit came from a file past it.
  if (text.length > MULTIPAYMENT_FILE.maxBytes) {
    return {
      ok: false,
      message: `${MULTIPAYMENT_FILE.what} may be at most ${sizeWords(MULTIPAYMENT_FILE.maxBytes)}: ${MULTIPAYMENT_FILE.hint}.`,
    };
  }
  const maxRows = MULTIPAYMENT_FILE.maxRows ?? Number.POSITIVE_INFINITY;
  let table;
  try {
    // One row more for a header.
    table = parseCsv(text, { maxRows: maxRows + 1 });
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, message: `The CSV file: ${error.message}.` };
    if (error instanceof CsvTooManyRowsError)
      return { ok: false, message: tooManyRows({ ...MULTIPAYMENT_FILE, maxRows }) };
    throw error;
  }
  const header = table[0] === undefined ? undefined : columnsOf(table[0].cells);
  const body = header === undefined ? table : table.slice(1);
  if (body.length > maxRows) return { ok: false, message: tooManyRows({ ...MULTIPAYMENT_FILE, maxRows }) };
  const columns = header ?? { address: 0, amount: 1, memo: 2 };
  if (columns.amount < 0) return { ok: false, message: 'The CSV file’s header has no “amount” column.' };
  if (body.length === 0) return { ok: false, message: 'The CSV file has no payments.' };
  const cell = (cells: readonly string[], index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
  const rows = body.map((row): BatchRow => {
    const address = cell(row.cells, columns.address);
    const amountText = cell(row.cells, columns.amount);
    const memo = cell(row.cells, columns.memo);
    const base = { line: row.line, address, amountText, memo };
    const fault = addressFault(address, pubKeyHash);
    if (fault !== undefined) {
      return { ...base, problem: addressProblem(address, pubKeyHash), kind: ADDRESS_KINDS[fault] };
    }
    const amount = tokensToArktoshi(amountText);
    if (amount === undefined) {
      return {
        ...base,
        problem: `“${amountText}” is not an amount above 0 with at most 8 decimals (use “.”).`,
        kind: AMOUNT_KIND,
      };
    }
    return { ...base, amount };
  });
  const groups = new Map<string, Array<{ recipientId: string; amount: string }>>();
  for (const row of rows) {
    if (row.amount === undefined) continue;
    const group = groups.get(row.memo) ?? [];
    group.push({ recipientId: row.address, amount: row.amount });
    groups.set(row.memo, group);
  }
  const transactions: BatchTransaction[] = [];
  for (const [memo, payments] of groups) {
    for (let start = 0; start < payments.length; start += limit) {
      const part = payments.slice(start, start + limit);
      const total = part.reduce((sum, p) => sum + BigInt(p.amount), 0n).toString();
      transactions.push({ memo, payments: part, total });
    }
  }
  const total = transactions.reduce((sum, t) => sum + BigInt(t.total), 0n).toString();
  return { ok: true, rows, transactions, total };
}
