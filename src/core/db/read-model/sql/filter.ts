/**
 * SQL fragments for the criteria of DB-backed lists (ark-core-api.md §2.6): each criterion becomes a WHERE
 * fragment with `?` placeholders; fragments combine with AND across keys and OR within a key. Only column
 * expressions written in code reach the SQL text; every client value is a bound parameter.
 */
import type { SqlParam } from './statement-cache';

export interface SqlFragment {
  sql: string;
  params: SqlParam[];
}

export function fragment(sql: string, ...params: SqlParam[]): SqlFragment {
  return { sql, params };
}

export function and(parts: readonly (SqlFragment | undefined)[]): SqlFragment | undefined {
  const present = parts.filter((part): part is SqlFragment => part !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return {
    sql: present.map((part) => `(${part.sql})`).join(' AND '),
    params: present.flatMap((part) => part.params),
  };
}

export function or(parts: readonly SqlFragment[]): SqlFragment {
  if (parts.length === 1) return parts[0]!;
  return {
    sql: parts.map((part) => `(${part.sql})`).join(' OR '),
    params: parts.flatMap((part) => part.params),
  };
}

/** `column = ?` or `column IN (?, …)`. */
export function inList(column: string, values: readonly SqlParam[]): SqlFragment {
  if (values.length === 1) return fragment(`${column} = ?`, values[0]!);
  return { sql: `${column} IN (${values.map(() => '?').join(', ')})`, params: [...values] };
}

/** `?, ?, …` with its parameters, for `IN (…)` inside a larger fragment. */
export function placeholders(values: readonly SqlParam[]): string {
  return values.map(() => '?').join(', ');
}

export interface Range<T> {
  from?: T;
  to?: T;
}

/** Inclusive bounds; either may be missing (ARK: `>=`, `<=`, both → BETWEEN). */
export function between(column: string, range: Range<SqlParam>): SqlFragment | undefined {
  const parts: SqlFragment[] = [];
  if (range.from !== undefined) parts.push(fragment(`${column} >= ?`, range.from));
  if (range.to !== undefined) parts.push(fragment(`${column} <= ?`, range.to));
  return and(parts);
}

/**
 * ARK's vendorField criterion is an anchored, case-sensitive SQL LIKE (`%` any run, `_` one character). SQLite's
 * LIKE is case-insensitive for ASCII, so the pattern becomes the equivalent GLOB (case-sensitive, and able to use
 * an index for a literal prefix), with GLOB's own metacharacters escaped as one-character classes.
 */
export function likeToGlob(pattern: string): string {
  let glob = '';
  for (const ch of pattern) {
    if (ch === '%') glob += '*';
    else if (ch === '_') glob += '?';
    else if (ch === '*' || ch === '?' || ch === '[') glob += `[${ch}]`;
    else glob += ch;
  }
  return glob;
}
