/**
 * Block timestamps strictly increase with height (each block is in a later slot than its parent: the chaining
 * rule), so a timestamp condition is a height condition. Translating it lets every list keep walking the
 * height order it is sorted by — through the primary key or (block_height, sequence) — instead of sorting
 * what a timestamp index finds. The bounds are found with one seek in blocks_timestamp.
 */
import { isRange, listOf } from './query/criteria';
import { and, fragment, placeholders, type SqlFragment } from './sql/filter';
import type { SqlParam, StatementCache } from './sql/statement-cache';

const NO_HEIGHT = '9223372036854775807';

/** `heightColumn` restricted to the blocks whose timestamp matches (a value, a list, or `{from, to}`). */
export function timestampAsHeight(heightColumn: string, value: unknown): SqlFragment | undefined {
  if (!isRange(value)) {
    const stamps = listOf(value as SqlParam | SqlParam[]);
    return {
      sql: `${heightColumn} IN (SELECT height FROM blocks WHERE timestamp IN (${placeholders(stamps)}))`,
      params: stamps,
    };
  }
  const parts: SqlFragment[] = [];
  if (value.from !== undefined) {
    parts.push(
      fragment(
        `${heightColumn} >= coalesce((SELECT height FROM blocks WHERE timestamp >= ? ORDER BY timestamp ASC LIMIT 1), ${NO_HEIGHT})`,
        value.from,
      ),
    );
  }
  if (value.to !== undefined) {
    parts.push(
      fragment(
        `${heightColumn} <= coalesce((SELECT height FROM blocks WHERE timestamp <= ? ORDER BY timestamp DESC LIMIT 1), 0)`,
        value.to,
      ),
    );
  }
  return and(parts);
}

/** The height of the first block at or after `timestamp` (one seek in blocks_timestamp), undefined when none. */
export function heightAtOrAfter(sql: StatementCache, timestamp: SqlParam): number | undefined {
  const row = sql.get1<{ height: bigint }>(
    'SELECT height FROM blocks WHERE timestamp >= ? ORDER BY timestamp ASC LIMIT 1',
    [timestamp],
  );
  return row === undefined ? undefined : Number(row.height);
}

/** The height of the last block at or before `timestamp`, undefined when none. */
export function heightAtOrBefore(sql: StatementCache, timestamp: SqlParam): number | undefined {
  const row = sql.get1<{ height: bigint }>(
    'SELECT height FROM blocks WHERE timestamp <= ? ORDER BY timestamp DESC LIMIT 1',
    [timestamp],
  );
  return row === undefined ? undefined : Number(row.height);
}
