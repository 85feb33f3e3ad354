/** Delegates and rounds (ark-core-api.md §6.5, §6.11; public-api.md §4.4). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DelegateRecord } from '../../domain';
import type { ApiContext } from '../context';
import { BLOCK_CRITERIA } from '../../db/read-model/blocks';
import { DELEGATE_CRITERIA } from '../../db/read-model/delegates';
import { WALLET_CRITERIA } from '../../db/read-model/wallets';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { integer, text } from '../../db/read-model/values';
import { notFound } from '../http/errors';
import { blockResources } from '../resources/block';
import { delegateResource } from '../resources/delegate';
import { arkJson } from '../resources/json';
import { walletResources } from '../resources/wallet';
import { paramsSchema } from '../schema/common';
import { paramOf } from './helpers';
import { listRoute } from './list-route';

/** `{id}` of the delegate routes: an address, a public key or a username (any text up to 256, §6.5). */
const delegateId = { id: text(256) };
const delegateParams = paramsSchema(delegateId);

export function delegateRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { delegates, wallets, blocks } = ctx.queries.of;
  /** ARK's lookup (§6.5): "Wallet not found" or "Delegate not found". */
  const delegateOf = (request: FastifyRequest): DelegateRecord => {
    const lookup = delegates.find(paramOf(request, 'id'));
    if ('missing' in lookup) throw notFound(lookup.missing);
    return lookup.delegate;
  };

  listRoute(app, '/delegates', {
    criteria: DELEGATE_CRITERIA,
    orderBy: 'memory',
    transform: false,
    list: (request) => delegates.list(request),
    resources: (rows) => rows.map(delegateResource),
  });

  // No query schema, as ARK's: any query is accepted.
  app.get('/delegates/:id', { schema: { params: delegateParams } }, (request) => ({
    data: delegateResource(delegateOf(request)),
  }));

  // The wallets whose vote is this delegate now (§6.5): past voters are not served.
  listRoute(app, '/delegates/:id/voters', {
    params: delegateId,
    criteria: criteriaSchemas(WALLET_CRITERIA),
    orderBy: 'memory',
    transform: false,
    scope: delegateOf,
    list: (request, delegate) => wallets.list(request, { voterOf: delegate.publicKey }),
    resources: (rows) => walletResources(ctx, rows),
  });

  // Every block criterion applies (ARK applies only id, height and timestamp here, §12.8).
  listRoute(app, '/delegates/:id/blocks', {
    params: delegateId,
    criteria: criteriaSchemas(BLOCK_CRITERIA),
    orderBy: 'db',
    transform: true,
    scope: delegateOf,
    list: (request, delegate) => blocks.list(request, { generator: delegate.publicKey }),
    resources: (rows, transform) => blockResources(ctx, rows, transform),
  });

  // ARK §6.11: the round's active delegates with their vote balance at the round start, in rank order (the
  // ranking is vote balance desc, then public key asc: §10.2). No query schema, as ARK's.
  app.get(
    '/rounds/:id/delegates',
    { schema: { params: paramsSchema({ id: integer({ minimum: 1 }) }) } },
    (request) => {
      const round = delegates.round(Number(paramOf(request, 'id')));
      if (round.length === 0) throw notFound('Round not found');
      return { data: round.map(arkJson) };
    },
  );
}
