/** GET /blockchain (ark-core-api.md §6.1). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { arkJson } from '../resources/json';

export function blockchainRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/blockchain', () => ({ data: arkJson(ctx.queries.of.node.blockchain()) }));
}
