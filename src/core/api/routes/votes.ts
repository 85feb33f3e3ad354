/** Votes: type 3 (Core) transactions (ark-core-api.md §6.4, §6.20; public-api.md §4.8). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { TRANSACTION_CRITERIA } from '../../db/read-model/transaction-criteria';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { transactionId } from '../../db/read-model/values';
import { notFound } from '../http/errors';
import { blocklessResources } from '../resources/transaction';
import { paramsSchema, querySchema } from '../schema/common';
import { paramOf, queryOf, transformOf } from './helpers';
import { listRoute } from './list-route';

/** ARK's vote resource is the block-less transaction (§6.4): confirmations 0, no timestamp for v2. */
export function voteRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const transactions = ctx.queries.of.transactions;

  listRoute(app, '/votes', {
    criteria: criteriaSchemas(TRANSACTION_CRITERIA),
    orderBy: 'db',
    transform: true,
    // ARK overwrites the client's type and typeGroup with the vote's (the read model's `votes` scope).
    list: (request) => transactions.list(request, { votes: true }),
    resources: (rows, transform) => blocklessResources(ctx, rows, transform),
  });

  app.get(
    '/votes/:id',
    {
      schema: {
        params: paramsSchema({ id: transactionId() }),
        querystring: querySchema({ paginated: false, transform: true }),
      },
    },
    (request) => {
      const item = transactions.voteById(paramOf(request, 'id'));
      if (!item) throw notFound('Vote not found');
      return { data: blocklessResources(ctx, [item], transformOf(queryOf(request)))[0] };
    },
  );
}
