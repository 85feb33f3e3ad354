/**
 * CSV of a wallet's history (RFC 4180 quoting), built in the renderer from what the history channel returns. The
 * money columns come from the host's one ledger (`effect`, core/domain/ledger.ts) and are plain numbers a
 * spreadsheet reads as numbers: a sign, no grouping, a "." and 8 decimals ("-1.50000000", "1000.00000000").
 * `amount` is how the balance moved besides the fee, `fee` what this wallet paid (nothing for a received row),
 * `locked` how its locked balance moved: the three columns of a wallet's whole history add up to its balance and
 * locked balance.
 */
import type { TransactionView } from '../../shared/domain/chain-views';
import { csvCell } from '../../shared/lib/csv-table';
import { DECIMALS } from './amount';

const HEADER = [
  'id',
  'date',
  'kind',
  'direction',
  'sender',
  'recipient',
  'amount',
  'fee',
  'locked',
  'memo',
  'confirmations',
];

const SCALE = 10n ** BigInt(DECIMALS);

/** Arktoshi as a plain decimal number: "-150000000" → "-1.50000000". */
export function csvNumber(arktoshi: bigint): string {
  const negative = arktoshi < 0n;
  const magnitude = negative ? -arktoshi : arktoshi;
  const fraction = (magnitude % SCALE).toString().padStart(DECIMALS, '0');
  return `${negative ? '-' : ''}${(magnitude / SCALE).toString()}.${fraction}`;
}

/** A text field, quoted, with spreadsheet formulas defused: a memo is text anybody could have written. */
const cell = csvCell;

/** The ledger's columns of one row; without an effect (never for a wallet's history) the amount as listed. */
function money(tx: TransactionView): [string, string, string] {
  const e = tx.effect;
  if (e === undefined) return [csvNumber(BigInt(tx.amount)), csvNumber(BigInt(tx.fee)), csvNumber(0n)];
  return [
    csvNumber(BigInt(e.received) - BigInt(e.sent)),
    csvNumber(BigInt(e.fee)),
    csvNumber(BigInt(e.locked) - BigInt(e.unlocked)),
  ];
}

export function transactionsCsv(transactions: readonly TransactionView[]): string {
  const rows = transactions.map((tx) => {
    const [amount, fee, locked] = money(tx);
    return [
      cell(tx.id),
      cell(tx.timestamp?.human ?? ''),
      cell(tx.kind),
      cell(tx.direction ?? ''),
      cell(tx.sender),
      cell(tx.recipient),
      // Numbers this code wrote: never quoted, never defused (a leading "-" is the sign).
      amount,
      fee,
      locked,
      cell(tx.memo ?? ''),
      String(tx.confirmations),
    ];
  });
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
