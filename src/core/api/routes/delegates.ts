/** Delegates and rounds (ark-core-api.md §6.5, §6.11; public-api.md §4.4). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { BLOCK_CRITERIA, forgedBy, listBlocks } from '../../db/read-model/blocks';
import {
  DELEGATE_CRITERIA,
  DELEGATE_TIE_BREAKERS,
  allDelegates,
  delegateOfWallet,
  isDelegatePath,
  matchesDelegate,
  roundDelegatesByVotes,
  type DelegateRecord,
} from '../../db/read-model/delegates';
import { WALLET_CRITERIA, findWallet, isWalletPath, listWallets } from '../../db/read-model/wallets';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { slicePage, sortInMemory } from '../../db/read-model/query/order-by';
import { blockResources } from '../resources/block';
import { delegateResource } from '../resources/delegate';
import { walletResources } from '../resources/wallet';
import { paramsSchema } from '../schema/common';
import { integer, text } from '../../db/read-model/values';
import { fragment } from '../../db/read-model/sql/filter';
import { paramOf } from './helpers';
import { listRoute } from './list-route';
import { BLOCK_ORDERING } from './orderings';

/** `{id}` of the delegate routes: an address, a public key or a username (any text up to 256, §6.5). */
const delegateId = { id: text(256) };
const delegateParams = paramsSchema(delegateId);

/** ARK's lookup (§6.5): no wallet → "Wallet not found"; a wallet that is not a delegate → "Delegate not found". */
function findDelegate(ctx: ApiContext, id: string): DelegateRecord {
  const wallet = findWallet(ctx, id);
  if (!wallet) throw notFound('Wallet not found');
  const delegate = delegateOfWallet(ctx, wallet.address);
  if (!delegate) throw notFound('Delegate not found');
  return delegate;
}

export function delegateRoutes(app: FastifyInstance, ctx: ApiContext): void {
  listRoute(app, '/delegates', {
    criteria: DELEGATE_CRITERIA,
    orderBy: { dialect: 'memory', sortable: isDelegatePath },
    transform: false,
    list: ({ query, order, window }) => {
      const matching = allDelegates(ctx).filter((delegate) => matchesDelegate(delegate, query));
      const sorted = sortInMemory(matching, [...order, ...DELEGATE_TIE_BREAKERS]);
      return { rows: slicePage(sorted, window.start, window.limit), totalCount: matching.length };
    },
    resources: (rows) => rows.map(delegateResource),
  });

  // No query schema, as ARK's: any query is accepted.
  app.get('/delegates/:id', { schema: { params: delegateParams } }, (request) => ({
    data: delegateResource(findDelegate(ctx, paramOf(request, 'id'))),
  }));

  const delegateOf = (request: FastifyRequest) => findDelegate(ctx, paramOf(request, 'id'));

  // The wallets whose vote is this delegate now (§6.5): past voters are not served.
  listRoute(app, '/delegates/:id/voters', {
    params: delegateId,
    criteria: criteriaSchemas(WALLET_CRITERIA),
    orderBy: { dialect: 'memory', sortable: isWalletPath },
    transform: false,
    scope: delegateOf,
    list: ({ query, order, window, scope: delegate }) =>
      listWallets(ctx, query, order, window, fragment('w.vote = ?', delegate.publicKey)),
    resources: (rows) => walletResources(ctx, rows),
  });

  // Every block criterion applies (ARK applies only id, height and timestamp here, §12.8).
  listRoute(app, '/delegates/:id/blocks', {
    params: delegateId,
    criteria: criteriaSchemas(BLOCK_CRITERIA),
    orderBy: BLOCK_ORDERING,
    transform: true,
    scope: delegateOf,
    list: ({ query, order, window, scope: delegate }) =>
      listBlocks(ctx, query, order, window, forgedBy([delegate.publicKey])),
    resources: (rows, transform) => blockResources(ctx, rows, transform),
  });

  // ARK §6.11: the round's active delegates with their vote balance at the round start, in rank order (the
  // ranking is vote balance desc, then public key asc: §10.2). No query schema, as ARK's.
  app.get(
    '/rounds/:id/delegates',
    { schema: { params: paramsSchema({ id: integer({ minimum: 1 }) }) } },
    (request) => {
      const round = Number(paramOf(request, 'id'));
      const delegates = roundDelegatesByVotes(ctx, round);
      if (delegates.length === 0) throw notFound('Round not found');
      return { data: delegates.map(({ publicKey, votes }) => ({ publicKey, votes: votes.toString() })) };
    },
  );
}
