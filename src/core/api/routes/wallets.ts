/** Wallets (ark-core-api.md §6.6, §6.16; public-api.md §4.10). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Wallet } from '../../domain';
import type { ApiContext } from '../context';
import { lockCriteria } from '../../db/read-model/locks';
import { TRANSACTION_CRITERIA } from '../../db/read-model/transaction-criteria';
import { WALLET_CRITERIA, strictWalletId } from '../../db/read-model/wallets';
import { criteriaSchemas } from '../../db/read-model/query/criteria';
import { text } from '../../db/read-model/values';
import type { TransactionScope } from '../../db/read-model/transactions';
import { notFound } from '../http/errors';
import { lockResources } from '../resources/lock';
import { transactionResources } from '../resources/transaction';
import { walletResources } from '../resources/wallet';
import { paramsSchema } from '../schema/common';
import { paramOf } from './helpers';
import { listRoute } from './list-route';

export function walletRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { wallets, transactions, locks } = ctx.queries.of;
  const walletOf = (request: FastifyRequest): Wallet => {
    const wallet = wallets.find(paramOf(request, 'id'));
    if (!wallet) throw notFound('Wallet not found');
    return wallet;
  };

  /**
   * A wallet's transactions (§6.6): what `select` picks for the wallet, then the query's transaction criteria;
   * `undefined` from `select` is an empty page (ARK: sent and votes of a wallet without a public key).
   */
  const walletTransactionsRoute = (path: string, select: (wallet: Wallet) => TransactionScope | undefined) =>
    listRoute(app, path, {
      params: { id: strictWalletId() },
      criteria: criteriaSchemas(TRANSACTION_CRITERIA),
      orderBy: 'db',
      transform: true,
      scope: (request) => select(walletOf(request)),
      list: (request, scope) =>
        scope === undefined ? { rows: [], totalCount: 0 } : transactions.list(request, scope),
      resources: (rows, transform) => transactionResources(ctx, rows, transform),
    });

  // `/wallets` and `/wallets/top` are the same list (§12.7): every wallet, richest first by default.
  for (const path of ['/wallets', '/wallets/top']) {
    listRoute(app, path, {
      criteria: criteriaSchemas(WALLET_CRITERIA),
      orderBy: 'memory',
      transform: false,
      list: (request) => wallets.list(request),
      resources: (rows) => walletResources(ctx, rows),
    });
  }

  // No query schema, as ARK's; the id is an address, a public key or a username.
  app.get('/wallets/:id', { schema: { params: paramsSchema({ id: text(256) }) } }, (request) => ({
    data: walletResources(ctx, [walletOf(request)])[0],
  }));

  walletTransactionsRoute('/wallets/:id/transactions', (wallet) => ({ wallet: wallet.address }));
  walletTransactionsRoute('/wallets/:id/transactions/sent', (wallet) =>
    wallet.publicKey === undefined ? undefined : { sentBy: wallet.publicKey },
  );
  walletTransactionsRoute('/wallets/:id/transactions/received', (wallet) => ({
    receivedBy: wallet.address,
  }));
  walletTransactionsRoute('/wallets/:id/votes', (wallet) =>
    wallet.publicKey === undefined ? undefined : { votesOf: wallet.publicKey },
  );

  listRoute(app, '/wallets/:id/locks', {
    params: { id: strictWalletId() },
    criteria: criteriaSchemas(lockCriteria(ctx.network)),
    orderBy: 'memory',
    transform: false,
    scope: walletOf,
    list: (request, wallet) => locks.list(request, { sender: wallet.address }),
    resources: (rows) => lockResources(ctx, rows),
  });
}
