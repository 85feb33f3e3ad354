/** Blocks (ark-core-api.md §6.2; public-api.md §4.2). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import {
  BLOCK_CRITERIA,
  BLOCK_DEFAULT_ORDER,
  BLOCK_SORT,
  BLOCK_TIE_BREAKERS,
  blockByHeight,
  findBlock,
  listBlocks,
} from '../data/blocks';
import {
  TRANSACTION_CRITERIA,
  TRANSACTION_DEFAULT_ORDER,
  TRANSACTION_SORT,
  TRANSACTION_TIE_BREAKERS,
} from '../data/transaction-criteria';
import { listTransactions } from '../data/transactions';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../query/criteria';
import { dbOrderBy } from '../query/order-by';
import { blockResources } from '../resources/block';
import { rawTransaction, transactionWithoutBlock } from '../resources/transaction';
import { blockId, paramsSchema, querySchema, text } from '../schema/common';
import { fragment } from '../sql/filter';
import { orderByOf, pageOf, paramOf, queryOf, transformOf, windowOf } from './helpers';

const transformOnly = querySchema({ paginated: false, transform: true });

export function blockRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get(
    '/blocks',
    {
      schema: {
        querystring: querySchema({
          criteria: criteriaSchemas(BLOCK_CRITERIA),
          orderBy: 'db',
          transform: true,
        }),
      },
    },
    (request) => {
      const query = queryOf(request);
      const window = windowOf(query);
      const order = dbOrderBy(orderByOf(query), BLOCK_SORT, BLOCK_DEFAULT_ORDER, BLOCK_TIE_BREAKERS);
      const page = listBlocks(ctx, query, order, { start: window.start, limit: window.limit });
      const data = blockResources(ctx, page.rows, transformOf(query));
      return pageOf(request, window, page.totalCount, data, true);
    },
  );

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

  app.get(
    '/blocks/:id/transactions',
    {
      schema: {
        params: paramsSchema({ id: text(64) }),
        querystring: querySchema({
          criteria: criteriaSchemas(TRANSACTION_CRITERIA),
          orderBy: 'db',
          transform: true,
        }),
      },
    },
    (request) => {
      const block = findBlock(ctx, paramOf(request, 'id'));
      if (!block) throw notFound('Block not found');
      const query = queryOf(request);
      const window = windowOf(query);
      const order = dbOrderBy(
        orderByOf(query),
        TRANSACTION_SORT,
        TRANSACTION_DEFAULT_ORDER,
        TRANSACTION_TIE_BREAKERS,
      );
      const page = listTransactions(ctx, query, order, window, fragment('t.block_height = ?', block.height));
      // ARK uses the block-less resource here (§6.2): confirmations 0, a timestamp only for v1 transactions.
      const data = page.rows.map((item) =>
        transformOf(query)
          ? transactionWithoutBlock(ctx.network, item.tx, item.senderAddress, item.blockId)
          : rawTransaction(item.tx, item),
      );
      return pageOf(request, window, page.totalCount, data, true);
    },
  );
}
