/**
 * One page of a DB-backed list: an exact COUNT (Votary reports `totalCountIsEstimate: false`, where ARK
 * estimates from the query plan) and the rows of the window, both through the statement cache.
 *
 * A page past the first skips its OFFSET over row keys only (a "deferred join"): the keys of the window are found
 * in the narrowest source that has the filter and the order (an index walk that reads no row), and only the
 * window's rows are read whole. Without it a deep page read — and for transactions decoded the joins of — every
 * row it skipped (docs/benchmarks.md "Scale": 145 ms at page 500 of 100,000 transactions).
 */
import type { SqlFragment } from './filter';
import type { SqlParam, StatementCache } from './statement-cache';

export interface PageQuery {
  /** The selected columns (`t.id, b.id AS block_id …`). */
  columns: string;
  /** FROM and JOINs of the row query. */
  from: string;
  /** FROM of the count when it needs fewer joins than the rows (default: `from`). */
  countFrom?: string;
  where?: SqlFragment | undefined;
  orderBy: readonly string[];
  start: number;
  limit: number;
  /** The total when it is known without counting (an unfiltered list: the chain height, a maintained counter). */
  knownTotal?: number;
  /**
   * The rows' unique key (`t.rowid`) and the FROM its window is found in (default `from`): both must name the
   * aliases `where` and `orderBy` use. The order must be total (tie-breakers end it), so the window is the same.
   */
  key?: { column: string; from?: string };
}

export interface PageRows<Row> {
  rows: Row[];
  totalCount: number;
}

export function pageSql(query: PageQuery): { rows: string; count: string; params: SqlParam[] } {
  const where = query.where ? ` WHERE ${query.where.sql}` : '';
  const order = query.orderBy.length > 0 ? ` ORDER BY ${query.orderBy.join(', ')}` : '';
  const { key } = query;
  const rows =
    key === undefined || query.start === 0
      ? `SELECT ${query.columns} FROM ${query.from}${where}${order} LIMIT ? OFFSET ?`
      : `SELECT ${query.columns} FROM ${query.from} WHERE ${key.column} IN ` +
        `(SELECT ${key.column} FROM ${key.from ?? query.from}${where}${order} LIMIT ? OFFSET ?)${order}`;
  return {
    rows,
    count: `SELECT count(*) AS n FROM ${query.countFrom ?? query.from}${where}`,
    params: query.where?.params ?? [],
  };
}

/**
 * The FROM a list's window of keys is found in: `narrow` (the list's own table) when neither the filter nor the
 * order names an alias of `joined` (a table only `full` joins), else `full` — a name resolved in the outer query
 * instead would make the key query correlated.
 */
export function keySource(
  narrow: string,
  full: string,
  joined: readonly string[],
  where: SqlFragment | undefined,
  orderBy: readonly string[],
): string {
  const text = `${where?.sql ?? ''} ${orderBy.join(' ')}`;
  return joined.some((alias) => new RegExp(`\\b${alias}\\.`).test(text)) ? full : narrow;
}

export function runPage<Row>(cache: StatementCache, query: PageQuery): PageRows<Row> {
  const sql = pageSql(query);
  const totalCount = query.knownTotal ?? Number(cache.get1<{ n: bigint }>(sql.count, sql.params)?.n ?? 0n);
  // Past the end there is nothing to read (and SQLite would still walk the whole offset).
  if (query.start >= totalCount) return { rows: [], totalCount };
  const rows = cache.all<Row>(sql.rows, [...sql.params, query.limit, query.start]);
  return { rows, totalCount };
}
