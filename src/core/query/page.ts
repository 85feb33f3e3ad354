/**
 * Pages (ark-core-api.md §2.3, §3): the window a page asks for, a ChainReader list query turned into the read
 * model's request, and the envelope's counts. The envelope's links (next, self …) are HTTP's: the public API adds
 * them (api/query/pagination.ts); a reader in this process has no URL to repeat.
 */
import type { ListQuery, Page } from '../domain';
import { QueryError } from '../db/read-model/errors';
import type { ListRequest } from '../db/read-model/list-request';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 100;

export interface PageWindow {
  page: number;
  limit: number;
  /** First row: `offset` when given and non-zero, else (page − 1) × limit. */
  start: number;
}

export function pageWindow(query: { page?: number; limit?: number; offset?: number }): PageWindow {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const start = query.offset !== undefined && query.offset > 0 ? query.offset : (page - 1) * limit;
  return { page, limit, start };
}

/** A page of records with ARK's counts (Votary counts exactly: never an estimate). */
export interface RecordPage<T> {
  window: PageWindow;
  totalCount: number;
  data: T[];
}

export function pageOf<T>(page: RecordPage<T>): Page<T> {
  return {
    meta: {
      totalCountIsEstimate: false,
      count: page.data.length,
      pageCount: Math.max(1, Math.ceil(page.totalCount / page.window.limit)),
      totalCount: page.totalCount,
    },
    data: page.data,
  };
}

function whole(value: unknown, name: string, minimum: number, maximum = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum || value > maximum) {
    throw new QueryError(`"${name}" must be an integer from ${minimum} to ${maximum}`);
  }
  return value;
}

/**
 * A ChainReader list query as the read model's request: dotted keys nested as the query string parses them
 * (`height.from` → `height: {from}`), big integers as the integer strings the criteria take, the window checked as
 * the API's schema checks it.
 */
export function listRequestOf(query: ListQuery = {}): ListRequest & { window: PageWindow } {
  const nested: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || key === 'page' || key === 'limit' || key === 'offset') continue;
    const value: unknown = typeof raw === 'bigint' ? raw.toString() : raw;
    const path = key.split('.');
    let at = nested;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[path[path.length - 1]!] = value;
  }
  const window = pageWindow({
    ...(query.page === undefined ? {} : { page: whole(query.page, 'page', 1) }),
    ...(query.limit === undefined ? {} : { limit: whole(query.limit, 'limit', 1, MAX_LIMIT) }),
    ...(query.offset === undefined ? {} : { offset: whole(query.offset, 'offset', 0) }),
  });
  return { query: nested, window };
}
