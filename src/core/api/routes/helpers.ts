/** What every route does with its validated request: the query, a parameter, the window, `transform`, the envelope. */
import type { FastifyRequest } from 'fastify';
import { pageWindow, type PageWindow } from '../../query';
import { linkBase, paginate, type Paginated } from '../query/pagination';

export type Query = Readonly<Record<string, unknown>>;

export function queryOf(request: FastifyRequest): Query {
  return (request.query ?? {}) as Query;
}

export function paramOf(request: FastifyRequest, name: string): string {
  const params = request.params as Record<string, string | undefined>;
  return params[name] ?? '';
}

export function windowOf(query: Query): PageWindow {
  return pageWindow({
    page: query.page as number | undefined,
    limit: query.limit as number | undefined,
    offset: query.offset as number | undefined,
  });
}

/** `transform` (default true) of the routes that have it (ark-core-api.md §2.5). */
export function transformOf(query: Query): boolean {
  return query.transform !== false;
}

/** The paginated envelope; the links repeat the request's own path (with /api) and query. */
export function pageOf<T>(
  request: FastifyRequest,
  window: PageWindow,
  totalCount: number,
  data: T[],
  hasTransform: boolean,
): Paginated<T> {
  return paginate(linkBase(request.url, hasTransform), window, totalCount, data);
}
