/** Entities (core-magistrate-api; ark-core-api.md §6.8, §6.18; public-api.md §4.5). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { ENTITY_CRITERIA } from '../../db/read-model/entities';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { transactionId } from '../../db/read-model/values';
import { notFound } from '../http/errors';
import { paramsSchema } from '../schema/common';
import { paramOf } from './helpers';
import { listRoute } from './list-route';

/** The entity record is ARK's resource as it is (`{id, address, publicKey, isResigned, type, subType, data}`). */
export function entityRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const entities = ctx.queries.of.entities;

  listRoute(app, '/entities', {
    criteria: criteriaSchemas(ENTITY_CRITERIA),
    orderBy: 'memory',
    transform: false,
    list: (request) => entities.list(request),
    resources: (rows) => rows,
  });

  // No query schema, as ARK's; the id is the 64-hex registration transaction id.
  app.get('/entities/:id', { schema: { params: paramsSchema({ id: transactionId() }) } }, (request) => {
    const entity = entities.byId(paramOf(request, 'id'));
    if (!entity) throw notFound('Entity not found');
    return { data: entity };
  });
}
