/**
 * Pagination (ark-core-api.md §2.3) and the envelope (§3), with the spec's one difference: the links carry the
 * `/api` prefix (public-api.md §2.1: "The paths in next, previous, self, first, last carry the /api prefix and
 * the page and limit query parameters").
 */
import type { PageWindow } from '../../query';
import { parseQueryString, stringifyQuery, type QueryValue } from '../http/query-string';

export { DEFAULT_LIMIT, MAX_LIMIT, pageWindow, type PageWindow } from '../../query';

export interface PageMeta {
  totalCountIsEstimate: boolean;
  count: number;
  pageCount: number;
  totalCount: number;
  next: string | null;
  previous: string | null;
  self: string;
  first: string;
  last: string;
}

export interface Paginated<T> {
  meta: PageMeta;
  data: T[];
}

/** Where the links point: the request's path (with /api) and its raw query string. */
export interface LinkBase {
  path: string;
  rawQuery: string;
  /** Whether the route has `transform` (then `transform=true` is a defaulted key of the links). */
  transform: boolean;
}

export function linkBase(url: string, transform: boolean): LinkBase {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, rawQuery: q < 0 ? '' : url.slice(q + 1), transform };
}

/**
 * A link to another page. Key order as ARK's (§3 "Link format"): the client's keys in the order sent, then the
 * defaulted keys it did not send (`transform`, `page`, `limit`), then `orderBy` if the client sent it; `page`
 * replaced by the target page. Values are the client's own text.
 */
function link(base: LinkBase, window: PageWindow, page: number): string {
  const sent = parseQueryString(base.rawQuery);
  const entries: [string, QueryValue | number | boolean][] = [];
  for (const [key, value] of Object.entries(sent)) {
    if (key === 'orderBy') continue;
    entries.push([key, key === 'page' ? page : value]);
  }
  const has = (key: string) => Object.hasOwn(sent, key);
  if (base.transform && !has('transform')) entries.push(['transform', true]);
  if (!has('page')) entries.push(['page', page]);
  if (!has('limit')) entries.push(['limit', window.limit]);
  const orderBy = sent.orderBy;
  if (orderBy !== undefined) entries.push(['orderBy', orderBy]);
  return `${base.path}?${stringifyQuery(entries)}`;
}

export function paginate<T>(
  base: LinkBase,
  window: PageWindow,
  totalCount: number,
  data: T[],
  totalCountIsEstimate = false,
): Paginated<T> {
  const pageCount = Math.max(1, Math.ceil(totalCount / window.limit));
  const { page } = window;
  return {
    meta: {
      totalCountIsEstimate,
      count: data.length,
      pageCount,
      totalCount,
      next: totalCount > 0 && page < pageCount ? link(base, window, page + 1) : null,
      previous: totalCount > 0 && page > 1 && page <= pageCount + 1 ? link(base, window, page - 1) : null,
      self: link(base, window, page),
      first: link(base, window, 1),
      last: link(base, window, pageCount),
    },
    data,
  };
}
