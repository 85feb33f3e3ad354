/** Wallets (ark-core-api.md §6.6, §6.16; public-api.md §4.10). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { isLockPath, listLocks, lockCriteria } from '../../db/read-model/locks';
import { TRANSACTION_CRITERIA } from '../../db/read-model/transaction-criteria';
import { listTransactions } from '../../db/read-model/transactions';
import {
  WALLET_CRITERIA,
  findWallet,
  isWalletPath,
  listWallets,
  strictWalletId,
  type WalletRow,
} from '../../db/read-model/wallets';
import { notFound } from '../http/errors';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { walletResources } from '../resources/wallet';
import { paramsSchema } from '../schema/common';
import { text } from '../../db/read-model/values';
import { fragment, type SqlFragment } from '../../db/read-model/sql/filter';
import { paramOf } from './helpers';
import { listRoute } from './list-route';
import { TRANSACTION_ORDERING } from './orderings';
import { lockResources } from '../resources/lock';
import { transactionResources } from '../resources/transaction';

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
  listRoute(app, path, {
    params: { id: strictWalletId() },
    criteria: criteriaSchemas(TRANSACTION_CRITERIA),
    orderBy: TRANSACTION_ORDERING,
    transform: true,
    scope: (request) => select(walletOf(ctx, request)),
    list: ({ query, order, window, scope: extra }) =>
      extra === undefined ? { rows: [], totalCount: 0 } : listTransactions(ctx, query, order, window, extra),
    resources: (rows, transform) => transactionResources(ctx, rows, transform),
  });
}

export function walletRoutes(app: FastifyInstance, ctx: ApiContext): void {
  // `/wallets` and `/wallets/top` are the same list (§12.7): every wallet, richest first by default.
  for (const path of ['/wallets', '/wallets/top']) {
    listRoute(app, path, {
      criteria: criteriaSchemas(WALLET_CRITERIA),
      orderBy: { dialect: 'memory', sortable: isWalletPath },
      transform: false,
      list: ({ query, order, window }) => listWallets(ctx, query, order, window),
      resources: (rows) => walletResources(ctx, rows),
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
  listRoute(app, '/wallets/:id/locks', {
    params: { id: strictWalletId() },
    criteria: criteriaSchemas(locks),
    orderBy: { dialect: 'memory', sortable: isLockPath },
    transform: false,
    scope: (request) => walletOf(ctx, request),
    list: ({ query, order, window, scope: wallet }) =>
      listLocks(ctx, locks, query, order, window, fragment('l.sender_address = ?', wallet.address)),
    resources: (rows) => lockResources(ctx, rows),
  });
}
