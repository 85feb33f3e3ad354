/** HTLC locks (ark-core-api.md §6.7, §6.17, §8; public-api.md §4.9). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import {
  isLockPath,
  listLocks,
  lockCriteria,
  openLockById,
  unlockingTransactionsFilter,
} from '../../db/read-model/locks';
import { listTransactions } from '../../db/read-model/transactions';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { dbOrderBy } from '../../db/read-model/query/order-by';
import { chainTipOf, lockResource, lockResources } from '../resources/lock';
import { transactionResources } from '../resources/transaction';
import { paramsSchema, querySchema } from '../schema/common';
import { transactionId, type JsonSchema } from '../../db/read-model/values';
import { orderByOf, pageOf, paramOf, queryOf, windowOf } from './helpers';
import { listRoute } from './list-route';
import { TRANSACTION_ORDERING } from './orderings';

/** ARK: 1–25 unique lock ids per request (§8). */
export const MAX_UNLOCKED_IDS = 25;

const idList = (): JsonSchema => ({
  type: 'array',
  items: transactionId(),
  minItems: 1,
  maxItems: MAX_UNLOCKED_IDS,
  uniqueItems: true,
});

/**
 * ARK's body `{ids: [...]}` and the spec's `id` (one id or a list); both optional: without any id the route
 * lists the unlocking transactions of every unlocked lock. A missing body is the same as `{}`.
 */
const unlockedBody: JsonSchema = {
  type: 'object',
  properties: { ids: idList(), id: { anyOf: [transactionId(), idList()] } },
  additionalProperties: false,
};

function requestedIds(request: FastifyRequest): string[] | undefined {
  const body = (request.body ?? {}) as { ids?: string[]; id?: string | string[] };
  if (body.ids === undefined && body.id === undefined) return undefined;
  const ids = [...(body.ids ?? []), ...(body.id === undefined ? [] : [body.id].flat())];
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

export function lockRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const criteria = lockCriteria(ctx.network);

  listRoute(app, '/locks', {
    criteria: criteriaSchemas(criteria),
    orderBy: { dialect: 'memory', sortable: isLockPath },
    transform: false,
    list: ({ query, order, window }) => listLocks(ctx, criteria, query, order, window),
    resources: (rows) => lockResources(ctx, rows),
  });

  // No query schema, as ARK's (any query is accepted); the id is 64 hex.
  app.get('/locks/:id', { schema: { params: paramsSchema({ id: transactionId() }) } }, (request) => {
    const lock = openLockById(ctx, paramOf(request, 'id').toLowerCase());
    if (!lock) throw notFound('Lock not found');
    return { data: lockResource(ctx.network, lock, chainTipOf(ctx)) };
  });

  app.post(
    '/locks/unlocked',
    {
      schema: {
        querystring: querySchema({ orderBy: 'db', transform: false }),
        body: unlockedBody,
      },
      // No body at all (no content type) is the same as `{}`: every unlocked lock.
      preValidation: (request, _reply, done) => {
        if (request.body === undefined || request.body === null) request.body = {};
        done();
      },
    },
    (request) => {
      const query = queryOf(request);
      const window = windowOf(query);
      const { sort, defaults, tieBreakers } = TRANSACTION_ORDERING;
      const order = dbOrderBy(orderByOf(query), sort, defaults, tieBreakers);
      const extra = unlockingTransactionsFilter(requestedIds(request));
      const page = listTransactions(ctx, {}, order, window, extra);
      return pageOf(request, window, page.totalCount, transactionResources(ctx, page.rows, true), false);
    },
  );
}
