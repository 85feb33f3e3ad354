/** Delegates and rounds (ark-core-api.md §6.5, §6.11; public-api.md §4.4). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import {
  BLOCK_CRITERIA,
  BLOCK_DEFAULT_ORDER,
  BLOCK_SORT,
  BLOCK_TIE_BREAKERS,
  listBlocks,
} from '../data/blocks';
import {
  DELEGATE_CRITERIA,
  DELEGATE_TIE_BREAKERS,
  allDelegates,
  delegateOfWallet,
  isDelegatePath,
  matchesDelegate,
  roundDelegatesByVotes,
  type DelegateRecord,
} from '../data/delegates';
import { WALLET_CRITERIA, findWallet, isWalletPath, listWallets } from '../data/wallets';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../query/criteria';
import { dbOrderBy, memoryOrderBy, slicePage, sortInMemory } from '../query/order-by';
import { blockResources } from '../resources/block';
import { delegateResource } from '../resources/delegate';
import { walletResources } from '../resources/wallet';
import { integer, paramsSchema, querySchema, text } from '../schema/common';
import { fragment } from '../sql/filter';
import { orderByOf, pageOf, paramOf, queryOf, transformOf, windowOf } from './helpers';

/** `{id}` of the delegate routes: an address, a public key or a username (any text up to 256, §6.5). */
const delegateParams = paramsSchema({ id: text(256) });

/** ARK's lookup (§6.5): no wallet → "Wallet not found"; a wallet that is not a delegate → "Delegate not found". */
function findDelegate(ctx: ApiContext, id: string): DelegateRecord {
  const wallet = findWallet(ctx, id);
  if (!wallet) throw notFound('Wallet not found');
  const delegate = delegateOfWallet(ctx, wallet.address);
  if (!delegate) throw notFound('Delegate not found');
  return delegate;
}

export function delegateRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get(
    '/delegates',
    {
      schema: {
        querystring: querySchema({ criteria: DELEGATE_CRITERIA, orderBy: 'memory', transform: false }),
      },
    },
    (request) => {
      const query = queryOf(request);
      const window = windowOf(query);
      const order = memoryOrderBy(orderByOf(query), isDelegatePath);
      const matching = allDelegates(ctx).filter((delegate) => matchesDelegate(delegate, query));
      const sorted = sortInMemory(matching, [...order, ...DELEGATE_TIE_BREAKERS]);
      const data = slicePage(sorted, window.start, window.limit).map(delegateResource);
      return pageOf(request, window, matching.length, data, false);
    },
  );

  // No query schema, as ARK's: any query is accepted.
  app.get('/delegates/:id', { schema: { params: delegateParams } }, (request) => ({
    data: delegateResource(findDelegate(ctx, paramOf(request, 'id'))),
  }));

  app.get(
    '/delegates/:id/voters',
    {
      schema: {
        params: delegateParams,
        querystring: querySchema({
          criteria: criteriaSchemas(WALLET_CRITERIA),
          orderBy: 'memory',
          transform: false,
        }),
      },
    },
    (request) => {
      const delegate = findDelegate(ctx, paramOf(request, 'id'));
      const query = queryOf(request);
      const window = windowOf(query);
      const order = memoryOrderBy(orderByOf(query), isWalletPath);
      // The wallets whose vote is this delegate now (§6.5): past voters are not served.
      const page = listWallets(ctx, query, order, window, fragment('w.vote = ?', delegate.publicKey));
      return pageOf(request, window, page.totalCount, walletResources(ctx, page.rows), false);
    },
  );

  app.get(
    '/delegates/:id/blocks',
    {
      schema: {
        params: delegateParams,
        querystring: querySchema({
          criteria: criteriaSchemas(BLOCK_CRITERIA),
          orderBy: 'db',
          transform: true,
        }),
      },
    },
    (request) => {
      const delegate = findDelegate(ctx, paramOf(request, 'id'));
      const query = queryOf(request);
      const window = windowOf(query);
      const order = dbOrderBy(orderByOf(query), BLOCK_SORT, BLOCK_DEFAULT_ORDER, BLOCK_TIE_BREAKERS);
      // Every block criterion applies (ARK applies only id, height and timestamp here, §12.8).
      const page = listBlocks(
        ctx,
        query,
        order,
        { start: window.start, limit: window.limit },
        fragment('b.generator_public_key = ?', delegate.publicKey),
      );
      return pageOf(
        request,
        window,
        page.totalCount,
        blockResources(ctx, page.rows, transformOf(query)),
        true,
      );
    },
  );

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
