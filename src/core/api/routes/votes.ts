/** Votes: type 3 (Core) transactions (ark-core-api.md §6.4, §6.20; public-api.md §4.8). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { TRANSACTION_CRITERIA } from '../../db/read-model/transaction-criteria';
import {
  listTransactions,
  transactionById,
  transactionTypeTotal,
  type ConfirmedTransaction,
} from '../../db/read-model/transactions';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { rawTransaction, transactionWithoutBlock } from '../resources/transaction';
import { paramsSchema, querySchema } from '../schema/common';
import { transactionId } from '../../db/read-model/values';
import { fragment } from '../../db/read-model/sql/filter';
import { paramOf, queryOf, transformOf } from './helpers';
import { listRoute } from './list-route';
import { TRANSACTION_ORDERING } from './orderings';

const VOTE_TYPE = { typeGroup: 1, type: 3 } as const;
const VOTE = fragment(`t.type_group = ${VOTE_TYPE.typeGroup} AND t.type = ${VOTE_TYPE.type}`);

export function voteRoutes(app: FastifyInstance, ctx: ApiContext): void {
  // ARK's vote resource is the block-less transaction (§6.4): confirmations 0, no timestamp for v2.
  const shape = (item: ConfirmedTransaction, transform: boolean) =>
    transform
      ? transactionWithoutBlock(ctx.network, item.tx, item.senderAddress, item.blockId)
      : rawTransaction(item.tx, item);

  listRoute(app, '/votes', {
    criteria: criteriaSchemas(TRANSACTION_CRITERIA),
    orderBy: TRANSACTION_ORDERING,
    transform: true,
    list: ({ query: asked, order, window }) => {
      // ARK overwrites the client's type and typeGroup with the vote's (controllers/votes.ts).
      const { type: _type, typeGroup: _typeGroup, ...query } = asked;
      return listTransactions(ctx, query, order, window, VOTE, () =>
        transactionTypeTotal(ctx, VOTE_TYPE.typeGroup, VOTE_TYPE.type),
      );
    },
    resources: (rows, transform) => rows.map((item) => shape(item, transform)),
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
      const item = transactionById(ctx, paramOf(request, 'id'));
      if (!item || item.tx.typeGroup !== 1 || item.tx.type !== 3) throw notFound('Vote not found');
      return { data: shape(item, transformOf(queryOf(request))) };
    },
  );
}
