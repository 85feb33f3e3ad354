/**
 * Confirmed transactions of the public API: each row joined with its block (id, timestamp) and decoded from its
 * stored bytes, so every field is exactly what was signed (without validating them again: the node validated
 * them when it applied their block).
 */
import { hexText } from '../block-encoding';
import { decodeStoredTransaction, type TransactionData } from '../../protocol/transactions';
import type { ReadContext } from './context';
import { criteriaFilter } from './query/criteria';
import { and, type SqlFragment } from './sql/filter';
import { keySource, runPage, type PageRows } from './sql/page-query';
import { TRANSACTION_CRITERIA } from './transaction-criteria';
import type { ListWindow } from './blocks';

interface TransactionRow {
  id: string;
  block_height: bigint;
  sequence: bigint;
  sender_address: string;
  serialized: Uint8Array;
  block_id: string;
  block_timestamp: bigint;
  nonce: bigint;
}

/** A stored transaction with where it sits in the chain. */
export interface ConfirmedTransaction {
  tx: TransactionData;
  blockId: string;
  blockHeight: number;
  blockTimestamp: number;
  sequence: number;
  senderAddress: string;
}

const COLUMNS =
  `t.id, t.block_height, t.sequence, t.sender_address, t.serialized, t.nonce, ${hexText('b.id')} AS block_id, ` +
  'b.timestamp AS block_timestamp';
const FROM = 'transactions t JOIN blocks b ON b.height = t.block_height';

function decode(ctx: ReadContext, row: TransactionRow): ConfirmedTransaction {
  const height = Number(row.block_height);
  // Stored bytes were validated when their block was applied; the id is the stored one.
  const tx = decodeStoredTransaction(row.serialized, { network: ctx.network, height }, row.id);
  // Version 1 bytes carry no nonce: the stored one is the sender's count, as ARK numbers them (sync/genesis.ts).
  if (tx.version === 1) tx.nonce = row.nonce;
  return {
    tx,
    blockId: row.block_id,
    blockHeight: height,
    blockTimestamp: Number(row.block_timestamp),
    sequence: Number(row.sequence),
    senderAddress: row.sender_address,
  };
}

export function transactionById(ctx: ReadContext, id: string): ConfirmedTransaction | undefined {
  const row = ctx.sql.get1<TransactionRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE t.id = ?`, [id]);
  return row && decode(ctx, row);
}

/** The number of stored transactions, kept by triggers (migration 002), so an unfiltered list never counts. */
function transactionTotal(ctx: ReadContext): number {
  const row = ctx.sql.get1<{ value: bigint }>("SELECT value FROM api_counters WHERE name = 'transactions'");
  return Number(row?.value ?? 0n);
}

/** The number of stored transactions of one type, kept by triggers (migration 005). */
export function transactionTypeTotal(ctx: ReadContext, typeGroup: number, type: number): number {
  const row = ctx.sql.get1<{ value: bigint }>(
    'SELECT value FROM api_type_counters WHERE type_group = ? AND type = ?',
    [typeGroup, type],
  );
  return Number(row?.value ?? 0n);
}

/**
 * The total of a query whose only criteria are one type and/or one typeGroup, from the per-type counters instead
 * of counting the type's rows (`/transactions?type=6`); undefined for any other query.
 */
function keptTypeTotal(ctx: ReadContext, query: Readonly<Record<string, unknown>>): number | undefined {
  const present = Object.keys(TRANSACTION_CRITERIA).filter((key) => query[key] !== undefined);
  if (present.length === 0 || present.some((key) => key !== 'type' && key !== 'typeGroup')) return undefined;
  const { type, typeGroup } = query;
  if (type !== undefined && typeof type !== 'number') return undefined;
  if (typeGroup !== undefined && typeof typeGroup !== 'number') return undefined;
  // A type without a typeGroup is a Core type (transaction-criteria.ts, as ARK).
  if (type !== undefined) return transactionTypeTotal(ctx, typeGroup ?? 1, type);
  const row = ctx.sql.get1<{ value: bigint }>(
    'SELECT coalesce(sum(value), 0) AS value FROM api_type_counters WHERE type_group = ?',
    [typeGroup!],
  );
  return Number(row?.value ?? 0n);
}

/**
 * A page of transactions matching the query's criteria and `extra` (a block, a wallet, a type …). `extraTotal`
 * is the total of `extra` alone when a counter knows it (used when the query adds no criteria of its own).
 */
export function listTransactions(
  ctx: ReadContext,
  query: Readonly<Record<string, unknown>>,
  orderBy: readonly string[],
  window: ListWindow,
  extra?: SqlFragment,
  extraTotal?: () => number,
): PageRows<ConfirmedTransaction> {
  const criteria = criteriaFilter(TRANSACTION_CRITERIA, query);
  const where = and([criteria, extra]);
  const knownTotal =
    where === undefined
      ? transactionTotal(ctx)
      : criteria === undefined && extraTotal !== undefined
        ? extraTotal()
        : extra === undefined
          ? keptTypeTotal(ctx, query)
          : undefined;
  // The count needs the block join only when the order or a filter refers to the block (`b.`).
  const needsBlock = where !== undefined && /\bb\./.test(where.sql);
  const page = runPage<TransactionRow>(ctx.sql, {
    columns: COLUMNS,
    from: FROM,
    countFrom: needsBlock ? FROM : 'transactions t',
    where,
    orderBy,
    start: window.start,
    limit: window.limit,
    ...(knownTotal === undefined ? {} : { knownTotal }),
    key: { column: 't.rowid', from: keySource('transactions t', FROM, ['b'], where, orderBy) },
  });
  return { rows: page.rows.map((row) => decode(ctx, row)), totalCount: page.totalCount };
}
