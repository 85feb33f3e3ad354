/**
 * One declarative list route (ark-core-api.md §2.3–§2.5): what query it takes (its criteria, the orderBy dialect,
 * whether `transform` applies), how `orderBy` is read (SQL columns with a default and tie breakers, or the memory
 * dialect's paths), the page of rows, and each row's resource. Every paginated route of the API is one of these: the
 * recipe — resolve the subject, window, order, list, map, envelope — lives here once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageWindow } from '../query/pagination';
import {
  dbOrderBy,
  memoryOrderBy,
  type DbSortColumns,
  type SortItem,
} from '../../db/read-model/query/order-by';
import { paramsSchema, querySchema } from '../schema/common';
import { type JsonSchema } from '../../db/read-model/values';
import type { PageRows } from '../../db/read-model/sql/page-query';
import { orderByOf, pageOf, queryOf, transformOf, windowOf, type Query } from './helpers';

/** `orderBy` as SQL (the db dialect): the sortable columns, the order when none is asked, the tie breakers. */
export interface DbOrdering {
  dialect: 'db';
  sort: DbSortColumns;
  defaults: readonly SortItem[];
  tieBreakers: readonly string[];
}

/** `orderBy` in the memory dialect: any sortable path, applied by the route's reads. */
export interface MemoryOrdering {
  dialect: 'memory';
  sortable: (path: string) => boolean;
}

export type Ordering = DbOrdering | MemoryOrdering;

/** What the route's reads get: SQL `ORDER BY` terms, or the memory dialect's sort items. */
export type OrderOf<O extends Ordering> = O extends DbOrdering ? string[] : SortItem[];

export interface ListInput<Order, Scope> {
  query: Query;
  order: Order;
  window: PageWindow;
  scope: Scope;
}

export interface ListRoute<Row, Scope, O extends Ordering> {
  /** Path parameters, validated before anything else. */
  params?: Record<string, JsonSchema>;
  /** The route's criteria (filters): key → value schema. */
  criteria?: Record<string, JsonSchema>;
  orderBy: O;
  /** Whether the route takes `transform` (and its links repeat it). */
  transform: boolean;
  /** What the path names (a wallet, a delegate), resolved first: its 404 comes before a bad `orderBy`'s 422. */
  scope?: (request: FastifyRequest) => Scope;
  /** The page of rows for the validated query. */
  list: (input: ListInput<OrderOf<O>, Scope>) => PageRows<Row>;
  /** Each row's resource, as `transform` asks. */
  resources: (rows: Row[], transform: boolean) => unknown[];
}

export function listRoute<Row, O extends Ordering, Scope = undefined>(
  app: FastifyInstance,
  path: string,
  route: ListRoute<Row, Scope, O>,
): void {
  const schema = {
    ...(route.params === undefined ? {} : { params: paramsSchema(route.params) }),
    querystring: querySchema({
      ...(route.criteria === undefined ? {} : { criteria: route.criteria }),
      orderBy: route.orderBy.dialect,
      transform: route.transform,
    }),
  };
  app.get(path, { schema }, (request) => {
    const scope = route.scope === undefined ? (undefined as Scope) : route.scope(request);
    const query = queryOf(request);
    const window = windowOf(query);
    const page = listPage(route, { query, window, scope });
    const data = route.resources(page.rows, transformOf(query));
    return pageOf(request, window, page.totalCount, data, route.transform);
  });
}

function listPage<Row, Scope, O extends Ordering>(
  route: ListRoute<Row, Scope, O>,
  input: Omit<ListInput<never, Scope>, 'order'>,
): PageRows<Row> {
  const raw = orderByOf(input.query);
  const ordering: Ordering = route.orderBy;
  const order =
    ordering.dialect === 'db'
      ? dbOrderBy(raw, ordering.sort, ordering.defaults, ordering.tieBreakers)
      : memoryOrderBy(raw, ordering.sortable);
  return route.list({ ...input, order: order as OrderOf<O> });
}
