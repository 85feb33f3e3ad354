/** Entities (core-magistrate-api; ark-core-api.md §6.8, §6.18; public-api.md §4.5). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { ENTITY_CRITERIA, entityById, isEntityPath, listEntities } from '../../db/read-model/entities';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { entityResource } from '../resources/entity';
import { paramsSchema } from '../schema/common';
import { transactionId } from '../../db/read-model/values';
import { paramOf } from './helpers';
import { listRoute } from './list-route';

export function entityRoutes(app: FastifyInstance, ctx: ApiContext): void {
  listRoute(app, '/entities', {
    criteria: criteriaSchemas(ENTITY_CRITERIA),
    orderBy: { dialect: 'memory', sortable: isEntityPath },
    transform: false,
    list: ({ query, order, window }) => listEntities(ctx, query, order, window),
    resources: (rows) => rows.map(entityResource),
  });

  // No query schema, as ARK's; the id is the 64-hex registration transaction id.
  app.get('/entities/:id', { schema: { params: paramsSchema({ id: transactionId() }) } }, (request) => {
    const entity = entityById(ctx, paramOf(request, 'id').toLowerCase());
    if (!entity) throw notFound('Entity not found');
    return { data: entityResource(entity) };
  });
}
