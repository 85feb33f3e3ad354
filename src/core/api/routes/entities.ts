/** Entities (core-magistrate-api; ark-core-api.md §6.8, §6.18; public-api.md §4.5). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { ENTITY_CRITERIA, entityById, isEntityPath, listEntities } from '../data/entities';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../query/criteria';
import { memoryOrderBy } from '../query/order-by';
import { entityResource } from '../resources/entity';
import { paramsSchema, querySchema, transactionId } from '../schema/common';
import { orderByOf, pageOf, paramOf, queryOf, windowOf } from './helpers';

export function entityRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get(
    '/entities',
    {
      schema: {
        querystring: querySchema({
          criteria: criteriaSchemas(ENTITY_CRITERIA),
          orderBy: 'memory',
          transform: false,
        }),
      },
    },
    (request) => {
      const query = queryOf(request);
      const window = windowOf(query);
      const order = memoryOrderBy(orderByOf(query), isEntityPath);
      const page = listEntities(ctx, query, order, window);
      return pageOf(request, window, page.totalCount, page.rows.map(entityResource), false);
    },
  );

  // No query schema, as ARK's; the id is the 64-hex registration transaction id.
  app.get('/entities/:id', { schema: { params: paramsSchema({ id: transactionId() }) } }, (request) => {
    const entity = entityById(ctx, paramOf(request, 'id').toLowerCase());
    if (!entity) throw notFound('Entity not found');
    return { data: entityResource(entity) };
  });
}
