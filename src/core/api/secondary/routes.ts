/**
 * The secondary interface (public-api.md §2.3, §4.11), by default on 127.0.0.1:4004: /blockchain (chain and
 * supply), /trng (random values from the last block) and /trng-1 (from the block before it), read by core/query
 * (query/randomness.ts). `/metrics` (Prometheus) is metrics.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { notFound } from '../http/errors';

/** A decimal string with 8 fraction digits (arktoshi → token units), e.g. 12500000000000000 → "125000000.00000000". */
export function tokenAmount(arktoshi: bigint): string {
  const negative = arktoshi < 0n;
  const digits = (negative ? -arktoshi : arktoshi).toString().padStart(9, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)}`;
}

export function secondaryRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const randomness = ctx.queries.of.randomness;
  const params = ctx.network.network;

  app.get('/blockchain', () => {
    const { height, supply, devFund, communityFund } = randomness.summary();
    const fund = ({ address, balance }: { address: string | undefined; balance: bigint }) => ({
      address: address ?? '',
      amount: tokenAmount(balance),
    });
    return {
      symbol: params.client.symbol,
      chainId: params.nethash,
      height,
      totalSupply: tokenAmount(supply.total),
      circulation: tokenAmount(supply.circulation),
      burned: { address: params.burnAddress ?? '', amount: tokenAmount(supply.burned) },
      devFund: fund(devFund),
      communityFund: fund(communityFund),
    };
  });

  const trng = (blocksBack: number) => {
    const values = randomness.values(blocksBack);
    if (!values) throw notFound('Block not found');
    return values;
  };
  app.get('/trng', () => trng(0));
  app.get('/trng-1', () => trng(1));
}
