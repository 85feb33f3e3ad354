/**
 * The secondary interface (public-api.md §2.3, §4.11), by default on 127.0.0.1:4004: /blockchain (chain and
 * supply), /trng (random values from the last block) and /trng-1 (from the block before it). The derivation is
 * `trngValues` (src/shared/lib/trng.ts), documented in the README. `/metrics` (Prometheus) is metrics.ts.
 */
import type { FastifyInstance } from 'fastify';
import { LOCALNET_NAME, localnetWallets } from '../../node/localnet';
import { formatTimestamp } from '../../protocol/time';
import { trngValues } from '../../../shared/lib/trng';
import type { ApiContext } from '../context';
import { blockByHeight } from '../../db/read-model/blocks';
import { notFound } from '../http/errors';

/** A decimal string with 8 fraction digits (arktoshi → token units), e.g. 12500000000000000 → "125000000.00000000". */
export function tokenAmount(arktoshi: bigint): string {
  const negative = arktoshi < 0n;
  const digits = (negative ? -arktoshi : arktoshi).toString().padStart(9, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)}`;
}

/** The address of a fund wallet: the devFund / communityFund roles of localnet's wallets.json. */
function fundAddress(ctx: ApiContext, role: 'devFund' | 'communityFund'): string | undefined {
  if (ctx.network.network.name !== LOCALNET_NAME) return undefined;
  return localnetWallets().find((wallet) => wallet.role === role)?.address;
}

export function secondaryRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const store = ctx.node.store;
  const balanceOf = (address: string | undefined) =>
    address === undefined ? 0n : store.state().wallet(address).balance;
  const fund = (address: string | undefined) => ({
    address: address ?? '',
    amount: tokenAmount(balanceOf(address)),
  });
  const devFund = fundAddress(ctx, 'devFund');
  const communityFund = fundAddress(ctx, 'communityFund');

  app.get('/blockchain', () => {
    const supply = store.supply();
    return {
      symbol: ctx.network.network.client.symbol,
      chainId: ctx.network.network.nethash,
      height: store.height(),
      totalSupply: tokenAmount(supply.total),
      circulation: tokenAmount(supply.circulation),
      burned: { address: ctx.network.network.burnAddress ?? '', amount: tokenAmount(supply.burned) },
      devFund: fund(devFund),
      communityFund: fund(communityFund),
    };
  });

  const trng = (height: number) => {
    const block = blockByHeight(ctx, Math.max(1, height));
    if (!block) throw notFound('Block not found');
    return {
      blockId: block.id,
      timestamp: formatTimestamp(Number(block.timestamp), ctx.network),
      values: trngValues(block.id),
    };
  };
  app.get('/trng', () => trng(store.height()));
  app.get('/trng-1', () => trng(store.height() - 1));
}
