/**
 * Confirmed transactions of the public API: each row joined with its block (id, timestamp) and decoded from its
 * stored bytes, so every field is exactly what was signed (without validating them again: the node validated
 * them when it applied their block).
 */
import { hexText } from '../block-encoding';
import { decodeStoredTransaction, type TransactionData } from '../../protocol/transactions';
import type { ReadContext } from './context';
import { criteriaFilter } from './query/criteria';
import { dbOrderBy } from './query/order-by';
import { and, fragment, placeholders, type SqlFragment } from './sql/filter';
import { keySource, runPage, type PageRows } from './sql/page-query';
import {
  TRANSACTION_CRITERIA,
  TRANSACTION_DEFAULT_ORDER,
  TRANSACTION_SORT,
  TRANSACTION_TIE_BREAKERS,
} from './transaction-criteria';
import { orderByOf, type ListRequest } from './list-request';
import { transactionAtRank, type TransactionList } from './seek';

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
function transactionTypeTotal(ctx: ReadContext, typeGroup: number, type: number): number {
  const row = ctx.sql.get1<{ value: bigint }>(
    'SELECT value FROM api_type_counters WHERE type_group = ? AND type = ?',
    [typeGroup, type],
  );
  return Number(row?.value ?? 0n);
}

/** Core vote transactions (typeGroup 1, type 3): the one definition of "a vote" of every list. */
const VOTE = { typeGroup: 1, type: 3 } as const;
const IS_VOTE = `t.type_group = ${VOTE.typeGroup} AND t.type = ${VOTE.type}`;

/** Whether a confirmed transaction is a vote (`/votes/{id}` answers 404 for anything else). */
export function isVote(item: ConfirmedTransaction): boolean {
  return item.tx.typeGroup === VOTE.typeGroup && item.tx.type === VOTE.type;
}

/**
 * Which transactions a list holds before the query's own criteria (ark-core-api.md §6.2, §6.4, §6.6, §8): every
 * one, a block's, a wallet's (sent or received, multipayments included), what a key sent, what an address
 * received, every vote, a key's votes, or the claims and refunds that closed locks (every one without ids).
 */
export type TransactionScope =
  | { block: number }
  | { wallet: string }
  | { sentBy: string }
  | { receivedBy: string }
  | { votes: true }
  | { votesOf: string }
  | { unlocking: readonly string[] | undefined };

function scopeFilter(scope: TransactionScope): SqlFragment | undefined {
  if ('block' in scope) return fragment('t.block_height = ?', scope.block);
  if ('wallet' in scope) return TRANSACTION_CRITERIA.address!.filter(scope.wallet, {});
  if ('sentBy' in scope) return fragment('t.sender_public_key = ?', scope.sentBy);
  if ('receivedBy' in scope) return TRANSACTION_CRITERIA.recipientId!.filter(scope.receivedBy, {});
  if ('votes' in scope) return fragment(IS_VOTE);
  if ('votesOf' in scope) return fragment(`t.sender_public_key = ? AND ${IS_VOTE}`, scope.votesOf);
  if (scope.unlocking === undefined) return fragment('t.type_group = 1 AND t.type IN (9, 10)');
  return {
    sql: `t.id IN (SELECT unlock_transaction_id FROM locks WHERE id IN (${placeholders(scope.unlocking)}) AND unlock_transaction_id IS NOT NULL)`,
    params: [...scope.unlocking],
  };
}

/**
 * A page of transactions matching the query's criteria within `scope`, in the query's `orderBy` (the db dialect).
 * Votes ignore the client's type and typeGroup (ARK overwrites them with the vote's: controllers/votes.ts) and
 * count from the type counter while no other criterion applies.
 */
export function listTransactions(
  ctx: ReadContext,
  request: ListRequest,
  scope?: TransactionScope,
): PageRows<ConfirmedTransaction> {
  const votes = scope !== undefined && 'votes' in scope;
  const query = votes ? withoutType(request.query) : request.query;
  const orderBy = dbOrderBy(
    orderByOf(request),
    TRANSACTION_SORT,
    TRANSACTION_DEFAULT_ORDER,
    TRANSACTION_TIE_BREAKERS,
  );
  const extra = scope === undefined ? undefined : scopeFilter(scope);
  const extraTotal = votes ? () => transactionTypeTotal(ctx, VOTE.typeGroup, VOTE.type) : undefined;
  return transactionPage(ctx, query, orderBy, request.window, extra, extraTotal, votes ? VOTE : undefined);
}

function withoutType(query: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const { type: _type, typeGroup: _typeGroup, ...rest } = query;
  return rest;
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

/** The one type a query's only criteria name (a type without a typeGroup is a Core type, as ARK reads it). */
function soleType(query: Readonly<Record<string, unknown>>): { typeGroup: number; type: number } | undefined {
  const present = Object.keys(TRANSACTION_CRITERIA).filter((key) => query[key] !== undefined);
  if (present.length === 0 || present.some((key) => key !== 'type' && key !== 'typeGroup')) return undefined;
  const { type, typeGroup } = query;
  if (typeof type !== 'number' || (typeGroup !== undefined && typeof typeGroup !== 'number'))
    return undefined;
  return { typeGroup: typeGroup ?? 1, type };
}

/**
 * Where a deep page of a list in chain order starts, as a condition on the chain position (seek.ts): the rank of
 * its first row is arithmetic from the kept total. Undefined for another order or a list without marks.
 */
function seekFrom(
  ctx: ReadContext,
  list: TransactionList | undefined,
  orderBy: readonly string[],
  start: number,
  total: number,
): SqlFragment | undefined {
  if (list === undefined || start === 0 || start >= total) return undefined;
  const order = orderBy.join(', ');
  const descending = order === 't.block_height DESC, t.sequence DESC';
  if (!descending && order !== 't.block_height ASC, t.sequence ASC') return undefined;
  const first = transactionAtRank(ctx.sql, list, descending ? total - start : start + 1);
  if (first === undefined) return undefined;
  return fragment(
    `(t.block_height, t.sequence) ${descending ? '<=' : '>='} (?, ?)`,
    first.blockHeight,
    first.sequence,
  );
}

/**
 * A page of transactions matching the query's criteria and `extra` (a block, a wallet, a type …). `extraTotal`
 * is the total of `extra` alone when a counter knows it (used when the query adds no criteria of its own);
 * `extraList` the marked list `extra` is (the votes), for a deep page's seek.
 */
function transactionPage(
  ctx: ReadContext,
  query: Readonly<Record<string, unknown>>,
  orderBy: readonly string[],
  window: ListRequest['window'],
  extra?: SqlFragment,
  extraTotal?: () => number,
  extraList?: TransactionList,
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
  const list: TransactionList | undefined =
    where === undefined
      ? 'all'
      : criteria === undefined
        ? extraList
        : extra === undefined
          ? soleType(query)
          : undefined;
  const seek = knownTotal === undefined ? undefined : seekFrom(ctx, list, orderBy, window.start, knownTotal);
  if (seek !== undefined) {
    const page = runPage<TransactionRow>(ctx.sql, {
      columns: COLUMNS,
      from: FROM,
      where: and([where, seek]),
      orderBy,
      start: 0,
      limit: window.limit,
      knownTotal: knownTotal!,
    });
    return { rows: page.rows.map((row) => decode(ctx, row)), totalCount: page.totalCount };
  }
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
