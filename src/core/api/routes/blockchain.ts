/** GET /blockchain (ark-core-api.md §6.1) and the root `GET /` (§1). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';

export function blockchainRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/blockchain', () => {
    const last = ctx.node.store.lastBlock();
    return {
      data: { block: { height: last.height, id: last.id }, supply: ctx.node.store.supply().total.toString() },
    };
  });
}
