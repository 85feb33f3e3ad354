/** CSV of a wallet's history (RFC 4180 quoting), built in the renderer from what the history channel returns. */
import type { TransactionView } from '../../shared/domain/chain';
import { formatArktoshi } from './amount';

const HEADER = [
  'id',
  'date',
  'kind',
  'direction',
  'sender',
  'recipient',
  'amount',
  'fee',
  'memo',
  'confirmations',
];

function cell(value: string): string {
  // Also defuse spreadsheet formulas: a memo is text anybody could have written.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function transactionsCsv(transactions: readonly TransactionView[]): string {
  const rows = transactions.map((tx) =>
    [
      tx.id,
      tx.timestamp?.human ?? '',
      tx.kind,
      tx.direction ?? '',
      tx.sender,
      tx.recipient,
      formatArktoshi(tx.amount),
      formatArktoshi(tx.fee),
      tx.memo ?? '',
      String(tx.confirmations),
    ].map(cell),
  );
  return [HEADER, ...rows].map((row) => row.join(',')).join('\r\n') + '\r\n';
}

/** Transactions whose Unix time falls in [from, to] (seconds, inclusive). */
export function inRange(
  transactions: readonly TransactionView[],
  from: number,
  to: number,
): TransactionView[] {
  return transactions.filter(
    (tx) => tx.timestamp !== undefined && tx.timestamp.unix >= from && tx.timestamp.unix <= to,
  );
}
