/** Blocks (ark-core-api.md §6.2; public-api.md §4.2). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { BLOCK_CRITERIA, blockByHeight, findBlock, listBlocks } from '../../db/read-model/blocks';
import { TRANSACTION_CRITERIA } from '../../db/read-model/transaction-criteria';
import { listTransactions } from '../../db/read-model/transactions';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { blockResources } from '../resources/block';
import { rawTransaction, transactionWithoutBlock } from '../resources/transaction';
import { paramsSchema, querySchema } from '../schema/common';
import { blockId, text } from '../../db/read-model/values';
import { fragment } from '../../db/read-model/sql/filter';
import { paramOf, queryOf, transformOf } from './helpers';
import { listRoute } from './list-route';
import { BLOCK_ORDERING, TRANSACTION_ORDERING } from './orderings';

const transformOnly = querySchema({ paginated: false, transform: true });

export function blockRoutes(app: FastifyInstance, ctx: ApiContext): void {
  listRoute(app, '/blocks', {
    criteria: criteriaSchemas(BLOCK_CRITERIA),
    orderBy: BLOCK_ORDERING,
    transform: true,
    list: ({ query, order, window }) => listBlocks(ctx, query, order, window),
    resources: (rows, transform) => blockResources(ctx, rows, transform),
  });

  app.get('/blocks/first', { schema: { querystring: transformOnly } }, (request) => {
    const row = blockByHeight(ctx, 1);
    if (!row) throw notFound('Block not found');
    return { data: blockResources(ctx, [row], transformOf(queryOf(request)))[0] };
  });

  app.get('/blocks/last', { schema: { querystring: transformOnly } }, (request) => {
    const row = blockByHeight(ctx, ctx.node.store.height());
    if (!row) throw notFound('Block not found');
    return { data: blockResources(ctx, [row], transformOf(queryOf(request)))[0] };
  });

  app.get(
    '/blocks/:id',
    { schema: { params: paramsSchema({ id: blockId() }), querystring: transformOnly } },
    (request) => {
      const row = findBlock(ctx, paramOf(request, 'id'));
      if (!row) throw notFound('Block not found');
      return { data: blockResources(ctx, [row], transformOf(queryOf(request)))[0] };
    },
  );

  listRoute(app, '/blocks/:id/transactions', {
    params: { id: text(64) },
    criteria: criteriaSchemas(TRANSACTION_CRITERIA),
    orderBy: TRANSACTION_ORDERING,
    transform: true,
    scope: (request) => {
      const block = findBlock(ctx, paramOf(request, 'id'));
      if (!block) throw notFound('Block not found');
      return block;
    },
    list: ({ query, order, window, scope: block }) =>
      listTransactions(ctx, query, order, window, fragment('t.block_height = ?', block.height)),
    // ARK uses the block-less resource here (§6.2): confirmations 0, a timestamp only for v1 transactions.
    resources: (rows, transform) =>
      rows.map((item) =>
        transform
          ? transactionWithoutBlock(ctx.network, item.tx, item.senderAddress, item.blockId)
          : rawTransaction(item.tx, item),
      ),
  });
}
