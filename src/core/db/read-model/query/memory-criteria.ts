/**
 * ARK's in-memory criteria and sorting (core-kernel standard-criteria-service, pagination-service; ark-core-api.md
 * §2.4 B, §2.6 "Memory routes") evaluated in SQL, so that the memory resources Votary keeps in tables (locks,
 * entities) page through indexes instead of loading every row:
 * - a string criterion is equality, or — when it contains `%` — an unanchored, in-order, case-sensitive match
 *   of the parts between the `%`s (`abc%` behaves like `%abc%`), run as the equivalent GLOB;
 * - numbers are exact or `{from, to}`; comma lists are OR;
 * - undefined (NULL here) sorts last whatever the direction.
 */
import type { Criterion } from './criteria';
import { listOf } from './criteria';
import type { SortItem } from './order-by';
import { orList, type JsonSchema } from '../values';
import { fragment, or, type SqlFragment } from '../sql/filter';

function escapeGlob(text: string): string {
  let glob = '';
  for (const ch of text) glob += ch === '*' || ch === '?' || ch === '[' ? `[${ch}]` : ch;
  return glob;
}

/** ARK's wildcard (`%`-separated parts in order, anywhere in the value) as a GLOB pattern. */
export function wildcardGlob(pattern: string): string {
  return `*${pattern.split('%').map(escapeGlob).join('*')}*`;
}

/** One string criterion value against a column: equality, or the wildcard match when it contains `%`. */
export function textMatch(column: string, value: string): SqlFragment {
  return value.includes('%')
    ? fragment(`${column} GLOB ?`, wildcardGlob(value))
    : fragment(`${column} = ?`, value);
}

/** A string criterion (one value or a comma list, OR) on a column. */
export function textCriterion(column: string, scalar: JsonSchema): Criterion {
  return {
    schema: orList(scalar),
    filter: (value) => or(listOf(value as string | string[]).map((item) => textMatch(column, item))),
  };
}

/**
 * A value schema that also admits ARK's `%` patterns: the scalar itself, or a string of `charset` characters
 * and `%` that does contain a `%` (ARK allows `%` only in values that use it), at most `maxLength` long.
 */
export function patternable(scalar: JsonSchema, charset: string, maxLength: number): JsonSchema {
  return {
    anyOf: [scalar, { type: 'string', pattern: `^[${charset}%]*%[${charset}%]*$`, maxLength }],
  };
}

/** What a memory resource kept in a table sorts on: path → SQL expression (nullable: NULL sorts last). */
export type MemorySortColumns = Readonly<Record<string, { sql: string; nullable?: boolean }>>;

/**
 * `ORDER BY` items for a memory-dialect order: the client's items, then the route's tie-breakers (ARK appends
 * them), then `final` (a unique column with its direction) so that pages never overlap. A nullable expression
 * sorts its NULLs last in both directions, as ARK's pagination service puts undefined last.
 */
export function memoryOrderSql(
  order: readonly SortItem[],
  columns: MemorySortColumns,
  tieBreakers: readonly SortItem[],
  final: string,
): string[] {
  const sql: string[] = [];
  const used = new Set<string>();
  for (const { property, direction } of [...order, ...tieBreakers]) {
    const column = Object.hasOwn(columns, property) ? columns[property] : undefined;
    if (column === undefined || used.has(column.sql)) continue;
    used.add(column.sql);
    if (column.nullable) sql.push(`(${column.sql}) IS NULL ASC`);
    sql.push(`${column.sql} ${direction.toUpperCase()}`);
  }
  sql.push(final);
  return sql;
}
