/** Transactions: confirmed, unconfirmed (the pool) and the type metadata (ark-core-api.md §6.3, §9.4–§9.6). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { TRANSACTION_CRITERIA } from '../../db/read-model/transaction-criteria';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { transactionId } from '../../db/read-model/values';
import { rawTransaction } from '../../query';
import { notFound } from '../http/errors';
import { arkJson } from '../resources/json';
import { transactionResources } from '../resources/transaction';
import { paramsSchema, querySchema } from '../schema/common';
import { paramOf, queryOf, transformOf } from './helpers';
import { postTransactionsRoute } from './transactions-post';
import { listRoute } from './list-route';

export function transactionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { transactions, pool, node } = ctx.queries.of;

  listRoute(app, '/transactions', {
    criteria: criteriaSchemas(TRANSACTION_CRITERIA),
    orderBy: 'db',
    transform: true,
    list: (request) => transactions.list(request),
    resources: (rows, transform) => transactionResources(ctx, rows, transform),
  });

  // Default: ARK's priority order (the pool's own).
  listRoute(app, '/transactions/unconfirmed', {
    orderBy: 'memory',
    transform: true,
    list: (request) => pool.list(request),
    resources: (entries, transform) =>
      transform ? pool.records(entries).map(arkJson) : entries.map((entry) => rawTransaction(entry.tx)),
  });

  // No query schema, as ARK's; raw by default (ARK's default here), transformed with transform=true.
  app.get(
    '/transactions/unconfirmed/:id',
    { schema: { params: paramsSchema({ id: transactionId() }) } },
    (request) => {
      const entry = pool.byId(paramOf(request, 'id'));
      if (!entry) throw notFound('Transaction not found');
      const requested = (request.query as Record<string, unknown>).transform;
      const transform = typeof requested === 'string' && requested.toLowerCase() === 'true';
      return { data: transform ? arkJson(pool.records([entry])[0]!) : rawTransaction(entry.tx) };
    },
  );

  app.get('/transactions/fees', () => ({ data: arkJson(node.staticFees()) }));
  app.get('/transactions/types', () => ({ data: node.typeNames() }));
  app.get('/transactions/schemas', () => ({ data: node.typeSchemas() }));

  app.get(
    '/transactions/:id',
    {
      schema: {
        params: paramsSchema({ id: transactionId() }),
        querystring: querySchema({ paginated: false, transform: true }),
      },
    },
    (request) => {
      const item = transactions.byId(paramOf(request, 'id'));
      if (!item) throw notFound('Transaction not found');
      return { data: transactionResources(ctx, [item], transformOf(queryOf(request)))[0] };
    },
  );

  postTransactionsRoute(app, ctx);
}
