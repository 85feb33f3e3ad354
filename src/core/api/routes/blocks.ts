/** Blocks (ark-core-api.md §6.2; public-api.md §4.2). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { BLOCK_CRITERIA } from '../../db/read-model/blocks';
import { TRANSACTION_CRITERIA } from '../../db/read-model/transaction-criteria';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { blockId, text } from '../../db/read-model/values';
import type { StoredBlock } from '../../query';
import { notFound } from '../http/errors';
import { blockResources } from '../resources/block';
import { blocklessResources } from '../resources/transaction';
import { paramsSchema, querySchema } from '../schema/common';
import { paramOf, queryOf, transformOf } from './helpers';
import { listRoute } from './list-route';

const transformOnly = querySchema({ paginated: false, transform: true });

export function blockRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const blocks = ctx.queries.of.blocks;
  const found = (block: StoredBlock | undefined): StoredBlock => {
    if (!block) throw notFound('Block not found');
    return block;
  };

  listRoute(app, '/blocks', {
    criteria: criteriaSchemas(BLOCK_CRITERIA),
    orderBy: 'db',
    transform: true,
    list: (request) => blocks.list(request),
    resources: (rows, transform) => blockResources(ctx, rows, transform),
  });

  app.get('/blocks/first', { schema: { querystring: transformOnly } }, (request) => ({
    data: blockResources(ctx, [found(blocks.atHeight(1))], transformOf(queryOf(request)))[0],
  }));

  app.get('/blocks/last', { schema: { querystring: transformOnly } }, (request) => ({
    data: blockResources(ctx, [found(blocks.last())], transformOf(queryOf(request)))[0],
  }));

  app.get(
    '/blocks/:id',
    { schema: { params: paramsSchema({ id: blockId() }), querystring: transformOnly } },
    (request) => ({
      data: blockResources(
        ctx,
        [found(blocks.find(paramOf(request, 'id')))],
        transformOf(queryOf(request)),
      )[0],
    }),
  );

  listRoute(app, '/blocks/:id/transactions', {
    params: { id: text(64) },
    criteria: criteriaSchemas(TRANSACTION_CRITERIA),
    orderBy: 'db',
    transform: true,
    scope: (request) => found(blocks.find(paramOf(request, 'id'))),
    list: (request, block) => ctx.queries.of.transactions.list(request, { block: block.height }),
    // ARK uses the block-less resource here (§6.2): confirmations 0, a timestamp only for v1 transactions.
    resources: (rows, transform) => blocklessResources(ctx, rows, transform),
  });
}
