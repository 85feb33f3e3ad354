/**
 * One declarative list route (ark-core-api.md §2.3–§2.5): what query it takes (its criteria, the orderBy dialect,
 * whether `transform` applies), the page of records ChainQueries reads for it, and each record's resource. Every
 * paginated route of the API is one of these: the recipe — resolve the subject, window, list, map, envelope —
 * lives here once. `orderBy` is resolved by the list itself, in its dialect (db/read-model/query/order-by.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ListRequest } from '../../db/read-model/list-request';
import type { PageRows } from '../../db/read-model/sql/page-query';
import { type JsonSchema } from '../../db/read-model/values';
import { paramsSchema, querySchema } from '../schema/common';
import { pageOf, queryOf, transformOf, windowOf } from './helpers';

/** `orderBy` as SQL columns (`property:asc|desc`) or as the memory dialect's paths (§2.4). */
export type OrderDialect = 'db' | 'memory';

export interface ListRoute<Row, Scope> {
  /** Path parameters, validated before anything else. */
  params?: Record<string, JsonSchema>;
  /** The route's criteria (filters): key → value schema. */
  criteria?: Record<string, JsonSchema>;
  orderBy: OrderDialect;
  /** Whether the route takes `transform` (and its links repeat it). */
  transform: boolean;
  /** What the path names (a wallet, a delegate), resolved first: its 404 comes before a bad `orderBy`'s 422. */
  scope?: (request: FastifyRequest) => Scope;
  /** The page of records for the validated query. */
  list: (request: ListRequest, scope: Scope) => PageRows<Row>;
  /** Each record's resource, as `transform` asks. */
  resources: (rows: Row[], transform: boolean) => unknown[];
}

export function listRoute<Row, Scope = undefined>(
  app: FastifyInstance,
  path: string,
  route: ListRoute<Row, Scope>,
): void {
  const schema = {
    ...(route.params === undefined ? {} : { params: paramsSchema(route.params) }),
    querystring: querySchema({
      ...(route.criteria === undefined ? {} : { criteria: route.criteria }),
      orderBy: route.orderBy,
      transform: route.transform,
    }),
  };
  app.get(path, { schema }, (request) => {
    const scope = route.scope === undefined ? (undefined as Scope) : route.scope(request);
    const query = queryOf(request);
    const window = windowOf(query);
    const page = route.list({ query, window }, scope);
    const data = route.resources(page.rows, transformOf(query));
    return pageOf(request, window, page.totalCount, data, route.transform);
  });
}
