/** Transactions: confirmed, unconfirmed (the pool) and the type metadata (ark-core-api.md §6.3, §9.4–§9.6). */
import type { FastifyInstance } from 'fastify';
import type { PoolEntry } from '../../node/transaction-pool';
import { milestoneAt, type Milestone } from '../../protocol/networks';
import type { ApiContext } from '../context';
import { TRANSACTION_CRITERIA } from '../../db/read-model/transaction-criteria';
import { staticFees, typeNames, typeSchemas } from '../../db/read-model/transaction-types';
import { listTransactions, transactionById } from '../../db/read-model/transactions';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { slicePage, sortInMemory } from '../../db/read-model/query/order-by';
import {
  rawTransaction,
  transactionResources,
  transactionWithBlock,
  transactionWithoutBlock,
} from '../resources/transaction';
import { paramsSchema, querySchema } from '../schema/common';
import { transactionId } from '../../db/read-model/values';
import { paramOf, queryOf, transformOf } from './helpers';
import { postTransactionsRoute } from './transactions-post';
import { listRoute } from './list-route';
import { TRANSACTION_ORDERING } from './orderings';

/** What the pool can be sorted on (memory dialect; default: ARK's priority order). */
const POOL_SORT: Record<string, (entry: Readonly<PoolEntry>) => unknown> = {
  id: (entry) => entry.id,
  fee: (entry) => entry.fee,
  nonce: (entry) => entry.nonce,
  amount: (entry) => entry.tx.amount,
  senderPublicKey: (entry) => entry.senderPublicKey,
  type: (entry) => entry.tx.type,
  typeGroup: (entry) => entry.tx.typeGroup,
  version: (entry) => entry.tx.version,
  vendorField: (entry) => entry.tx.vendorField,
};

export function transactionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  listRoute(app, '/transactions', {
    criteria: criteriaSchemas(TRANSACTION_CRITERIA),
    orderBy: TRANSACTION_ORDERING,
    transform: true,
    list: ({ query, order, window }) => listTransactions(ctx, query, order, window),
    resources: (rows, transform) => transactionResources(ctx, rows, transform),
  });

  listRoute(app, '/transactions/unconfirmed', {
    orderBy: { dialect: 'memory', sortable: (property) => Object.hasOwn(POOL_SORT, property) },
    transform: true,
    list: ({ order, window }) => {
      const entries = ctx.node.pool.all();
      const sorted =
        order.length === 0
          ? entries
          : sortInMemory(entries, order, (entry, property) => POOL_SORT[property]?.(entry));
      return { rows: slicePage(sorted, window.start, window.limit), totalCount: entries.length };
    },
    resources: (entries, transform) =>
      entries.map((entry) =>
        transform
          ? transactionWithoutBlock(ctx.network, entry.tx, ctx.keys.address(entry.senderPublicKey))
          : rawTransaction(entry.tx),
      ),
  });

  // No query schema, as ARK's; raw by default (ARK's default here), transformed with transform=true.
  app.get(
    '/transactions/unconfirmed/:id',
    { schema: { params: paramsSchema({ id: transactionId() }) } },
    (request) => {
      const entry = ctx.node.pool.get(paramOf(request, 'id'));
      if (!entry) throw notFound('Transaction not found');
      const requested = (request.query as Record<string, unknown>).transform;
      const transform = typeof requested === 'string' && requested.toLowerCase() === 'true';
      return {
        data: transform
          ? transactionWithoutBlock(ctx.network, entry.tx, ctx.keys.address(entry.senderPublicKey))
          : rawTransaction(entry.tx),
      };
    },
  );

  app.get('/transactions/fees', () => ({ data: staticFees(ctx.network, ctx.node.store.height()) }));
  app.get('/transactions/types', () => ({ data: typeNames(ctx.network, ctx.node.store.height()) }));
  let schemas: { milestone: Milestone; data: unknown } | undefined;
  app.get('/transactions/schemas', () => {
    const height = ctx.node.store.height();
    const milestone = milestoneAt(ctx.network, height);
    // Generated once per milestone: converting every schema takes a few milliseconds.
    if (schemas?.milestone !== milestone) schemas = { milestone, data: typeSchemas(ctx.network, height) };
    return { data: schemas.data };
  });

  app.get(
    '/transactions/:id',
    {
      schema: {
        params: paramsSchema({ id: transactionId() }),
        querystring: querySchema({ paginated: false, transform: true }),
      },
    },
    (request) => {
      const item = transactionById(ctx, paramOf(request, 'id'));
      if (!item) throw notFound('Transaction not found');
      const query = queryOf(request);
      return {
        data: transformOf(query)
          ? transactionWithBlock(ctx.network, item, ctx.node.store.height())
          : rawTransaction(item.tx, item),
      };
    },
  );

  postTransactionsRoute(app, ctx);
}
