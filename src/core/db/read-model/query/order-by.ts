/**
 * The two orderBy dialects of ARK Core 3.x (ark-core-api.md §2.4).
 * - DB dialect (blocks, transactions, …): `property:asc|desc`, direction mandatory (the schema's pattern checks
 *   it), several items comma-separated, each property from the route's whitelist, mapped to an SQL expression.
 * - Memory dialect (wallets, delegates, locks, entities, the pool, …): `property[:asc|desc]`, direction
 *   optional (default asc); sorting puts undefined, then null, last whatever the direction.
 */
import { QueryError } from '../errors';

export type Direction = 'asc' | 'desc';

export interface SortItem {
  property: string;
  direction: Direction;
}

function items(raw: string | readonly string[] | undefined): string[] {
  if (raw === undefined) return [];
  return (typeof raw === 'string' ? [raw] : [...raw]).filter((item) => item !== '');
}

/** What a DB route may sort on: property → SQL expression, or a reason it cannot be sorted on. */
export type DbSortColumns = Readonly<Record<string, string | { unsortable: string }>>;

/**
 * `ORDER BY` items for a DB route: the client's (or the default) items, then the tie-breakers (column
 * expressions) that make the order total so that pages never overlap, skipping expressions already present.
 * Tie-breakers take the direction of the first item, so `timestamp:asc` walks the chain-order index forwards.
 */
export function dbOrderBy(
  raw: string | readonly string[] | undefined,
  columns: DbSortColumns,
  defaults: readonly SortItem[],
  tieBreakers: readonly string[],
): string[] {
  const requested = items(raw).map((item): SortItem => {
    const colon = item.lastIndexOf(':');
    const property = item.slice(0, colon);
    return { property, direction: item.slice(colon + 1).toLowerCase() === 'desc' ? 'desc' : 'asc' };
  });
  const chosen = requested.length > 0 ? requested : defaults;
  const sql: string[] = [];
  const used = new Set<string>();
  for (const { property, direction } of chosen) {
    const column = Object.hasOwn(columns, property) ? columns[property] : undefined;
    if (column === undefined) throw new QueryError(`Unknown orderBy property '${property}'`);
    if (typeof column !== 'string') throw new QueryError(column.unsortable);
    if (used.has(column)) continue;
    used.add(column);
    sql.push(`${column} ${direction.toUpperCase()}`);
  }
  const direction = (chosen[0]?.direction ?? 'desc').toUpperCase();
  for (const column of tieBreakers) {
    if (!used.has(column)) {
      used.add(column);
      sql.push(`${column} ${direction}`);
    }
  }
  return sql;
}

/**
 * Memory dialect items. `isSortable(path)` says whether a property path exists on the resource; the messages
 * are ARK's ("Unknown orderBy property 'x'", "Unexpected orderBy direction 'd' for property 'p'").
 */
export function memoryOrderBy(
  raw: string | readonly string[] | undefined,
  isSortable: (path: string) => boolean,
): SortItem[] {
  return items(raw).map((item) => {
    const colon = item.indexOf(':');
    const property = colon < 0 ? item : item.slice(0, colon);
    const direction = colon < 0 ? 'asc' : item.slice(colon + 1).toLowerCase();
    if (!isSortable(property)) throw new QueryError(`Unknown orderBy property '${property}'`);
    if (direction !== 'asc' && direction !== 'desc') {
      throw new QueryError(
        `Unexpected orderBy direction '${item.slice(colon + 1)}' for property '${property}'`,
      );
    }
    return { property, direction };
  });
}

/** A value at a dotted path of a plain object (own properties only). */
export function valueAt(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function rankOf(value: unknown): number {
  if (value === undefined) return 2;
  if (value === null) return 1;
  return 0;
}

/** Natural order of two present values; different types order by type name (ARK answers 500 there). */
function compareValues(a: unknown, b: unknown): number {
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint')) {
    return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  }
  if (ta !== tb) return ta < tb ? -1 : 1;
  if (ta === 'string') return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
  if (ta === 'boolean') return Number(a) - Number(b);
  return 0;
}

/**
 * ARK's in-memory sort (core-kernel pagination-service): for each item in turn, undefined then null last
 * whatever the direction, otherwise natural order reversed for desc; ties keep the input order (stable).
 */
export function sortInMemory<T>(
  list: readonly T[],
  order: readonly SortItem[],
  read: (item: T, property: string) => unknown = valueAt,
): T[] {
  return [...list].sort((x, y) => {
    for (const { property, direction } of order) {
      const a = read(x, property);
      const b = read(y, property);
      const ra = rankOf(a);
      const rb = rankOf(b);
      if (ra !== rb) return ra - rb;
      if (ra !== 0) continue;
      const c = compareValues(a, b);
      if (c !== 0) return direction === 'asc' ? c : -c;
    }
    return 0;
  });
}

/** A page of an already sorted list: (items of the window, total). */
export function slicePage<T>(list: readonly T[], start: number, limit: number): T[] {
  return list.slice(start, start + limit);
}
