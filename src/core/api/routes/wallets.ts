/** Wallets (ark-core-api.md §6.6, §6.16; public-api.md §4.10). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { isLockPath, listLocks, lockCriteria } from '../data/locks';
import {
  TRANSACTION_CRITERIA,
  TRANSACTION_DEFAULT_ORDER,
  TRANSACTION_SORT,
  TRANSACTION_TIE_BREAKERS,
} from '../data/transaction-criteria';
import { listTransactions } from '../data/transactions';
import {
  WALLET_CRITERIA,
  findWallet,
  isWalletPath,
  listWallets,
  strictWalletId,
  type WalletRow,
} from '../data/wallets';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../query/criteria';
import { dbOrderBy, memoryOrderBy } from '../query/order-by';
import { lockResource } from '../resources/lock';
import { rawTransaction, transactionWithBlock } from '../resources/transaction';
import { walletResources } from '../resources/wallet';
import { paramsSchema, querySchema, text } from '../schema/common';
import { fragment, type SqlFragment } from '../sql/filter';
import { orderByOf, pageOf, paramOf, queryOf, transformOf, windowOf } from './helpers';

const VOTE = fragment('t.type_group = 1 AND t.type = 3');

function walletOf(ctx: ApiContext, request: FastifyRequest): WalletRow {
  const wallet = findWallet(ctx, paramOf(request, 'id'));
  if (!wallet) throw notFound('Wallet not found');
  return wallet;
}

/**
 * A wallet's transactions (§6.6): what `select` picks for the wallet, then the query's transaction criteria;
 * `undefined` from `select` is an empty page (ARK: sent and votes of a wallet without a public key).
 */
function walletTransactionsRoute(
  app: FastifyInstance,
  ctx: ApiContext,
  path: string,
  select: (wallet: WalletRow) => SqlFragment | undefined,
): void {
  app.get(
    path,
    {
      schema: {
        params: paramsSchema({ id: strictWalletId() }),
        querystring: querySchema({
          criteria: criteriaSchemas(TRANSACTION_CRITERIA),
          orderBy: 'db',
          transform: true,
        }),
      },
    },
    (request) => {
      const extra = select(walletOf(ctx, request));
      const query = queryOf(request);
      const window = windowOf(query);
      const order = dbOrderBy(
        orderByOf(query),
        TRANSACTION_SORT,
        TRANSACTION_DEFAULT_ORDER,
        TRANSACTION_TIE_BREAKERS,
      );
      if (extra === undefined) return pageOf(request, window, 0, [], true);
      const page = listTransactions(ctx, query, order, window, extra);
      const lastHeight = ctx.node.store.height();
      const data = page.rows.map((item) =>
        transformOf(query)
          ? transactionWithBlock(ctx.network, item, lastHeight)
          : rawTransaction(item.tx, item),
      );
      return pageOf(request, window, page.totalCount, data, true);
    },
  );
}

export function walletRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const listSchema = {
    querystring: querySchema({
      criteria: criteriaSchemas(WALLET_CRITERIA),
      orderBy: 'memory',
      transform: false,
    }),
  };
  // `/wallets` and `/wallets/top` are the same list (§12.7): every wallet, richest first by default.
  for (const path of ['/wallets', '/wallets/top']) {
    app.get(path, { schema: listSchema }, (request) => {
      const query = queryOf(request);
      const window = windowOf(query);
      const order = memoryOrderBy(orderByOf(query), isWalletPath);
      const page = listWallets(ctx, query, order, window);
      return pageOf(request, window, page.totalCount, walletResources(ctx, page.rows), false);
    });
  }

  // No query schema, as ARK's; the id is an address, a public key or a username.
  app.get('/wallets/:id', { schema: { params: paramsSchema({ id: text(256) }) } }, (request) => ({
    data: walletResources(ctx, [walletOf(ctx, request)])[0],
  }));

  const address = TRANSACTION_CRITERIA.address!;
  const recipient = TRANSACTION_CRITERIA.recipientId!;
  walletTransactionsRoute(app, ctx, '/wallets/:id/transactions', (wallet) =>
    address.filter(wallet.address, {}),
  );
  walletTransactionsRoute(app, ctx, '/wallets/:id/transactions/sent', (wallet) =>
    wallet.public_key === null ? undefined : fragment('t.sender_public_key = ?', wallet.public_key),
  );
  walletTransactionsRoute(app, ctx, '/wallets/:id/transactions/received', (wallet) =>
    recipient.filter(wallet.address, {}),
  );
  walletTransactionsRoute(app, ctx, '/wallets/:id/votes', (wallet) =>
    wallet.public_key === null
      ? undefined
      : { sql: `t.sender_public_key = ? AND ${VOTE.sql}`, params: [wallet.public_key] },
  );

  const locks = lockCriteria(ctx.network);
  app.get(
    '/wallets/:id/locks',
    {
      schema: {
        params: paramsSchema({ id: strictWalletId() }),
        querystring: querySchema({ criteria: criteriaSchemas(locks), orderBy: 'memory', transform: false }),
      },
    },
    (request) => {
      const wallet = walletOf(ctx, request);
      const query = queryOf(request);
      const window = windowOf(query);
      const order = memoryOrderBy(orderByOf(query), isLockPath);
      const page = listLocks(
        ctx,
        locks,
        query,
        order,
        window,
        fragment('l.sender_address = ?', wallet.address),
      );
      const last = ctx.node.store.lastBlock();
      const tip = { height: last.height, timestamp: last.timestamp };
      const data = page.rows.map((lock) => lockResource(ctx.network, lock, tip));
      return pageOf(request, window, page.totalCount, data, false);
    },
  );
}
