/**
 * One page of a DB-backed list: an exact COUNT (Votary reports `totalCountIsEstimate: false`, where ARK
 * estimates from the query plan) and the rows of the window, both through the statement cache.
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
}

export interface PageRows<Row> {
  rows: Row[];
  totalCount: number;
}

export function pageSql(query: PageQuery): { rows: string; count: string; params: SqlParam[] } {
  const where = query.where ? ` WHERE ${query.where.sql}` : '';
  const order = query.orderBy.length > 0 ? ` ORDER BY ${query.orderBy.join(', ')}` : '';
  return {
    rows: `SELECT ${query.columns} FROM ${query.from}${where}${order} LIMIT ? OFFSET ?`,
    count: `SELECT count(*) AS n FROM ${query.countFrom ?? query.from}${where}`,
    params: query.where?.params ?? [],
  };
}

export function runPage<Row>(cache: StatementCache, query: PageQuery): PageRows<Row> {
  const sql = pageSql(query);
  const totalCount = query.knownTotal ?? Number(cache.get1<{ n: bigint }>(sql.count, sql.params)?.n ?? 0n);
  // Past the end there is nothing to read (and SQLite would still walk the whole offset).
  if (query.start >= totalCount) return { rows: [], totalCount };
  const rows = cache.all<Row>(sql.rows, [...sql.params, query.limit, query.start]);
  return { rows, totalCount };
}
