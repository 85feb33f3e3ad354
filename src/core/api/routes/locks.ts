/** HTLC locks (ark-core-api.md §6.7, §6.17, §8; public-api.md §4.9). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { lockCriteria } from '../../db/read-model/locks';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { transactionId, type JsonSchema } from '../../db/read-model/values';
import { notFound } from '../http/errors';
import { lockResources } from '../resources/lock';
import { transactionResources } from '../resources/transaction';
import { paramsSchema, querySchema } from '../schema/common';
import { pageOf, paramOf, queryOf, windowOf } from './helpers';
import { listRoute } from './list-route';

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
  const { locks, transactions } = ctx.queries.of;

  listRoute(app, '/locks', {
    criteria: criteriaSchemas(lockCriteria(ctx.network)),
    orderBy: 'memory',
    transform: false,
    list: (request) => locks.list(request),
    resources: (rows) => lockResources(ctx, rows),
  });

  // No query schema, as ARK's (any query is accepted); the id is 64 hex.
  app.get('/locks/:id', { schema: { params: paramsSchema({ id: transactionId() }) } }, (request) => {
    const lock = locks.open(paramOf(request, 'id'));
    if (!lock) throw notFound('Lock not found');
    return { data: lockResources(ctx, [lock])[0] };
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
      // Only the order applies: the query has no criteria here.
      const page = transactions.list(
        { query: { orderBy: query.orderBy }, window },
        { unlocking: requestedIds(request) },
      );
      return pageOf(request, window, page.totalCount, transactionResources(ctx, page.rows, true), false);
    },
  );
}
