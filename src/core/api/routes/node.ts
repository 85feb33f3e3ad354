/**
 * Node information (ark-core-api.md §9.1–§9.3, §9.7, §9.8; public-api.md §4.6). A node that forges its chain has no
 * peers to be behind, so it is always synced (ARK's own rule: a node without peers is synced); a follower is behind
 * by the blocks between its height and the highest its peers report (ARK: the network monitor's height).
 */
import type { FastifyInstance } from 'fastify';
import { blockHeaderToJson } from '../../protocol/blocks';
import { milestoneAt } from '../../protocol/networks';
import { epochTimestamp } from '../../protocol/time';
import { transactionToJson } from '../../protocol/transactions';
import type { ApiContext } from '../context';
import { feeStatisticsOfDays, recentFeeStatistics } from '../../db/read-model/fee-statistics';
import { querySchema } from '../schema/common';
import { integer } from '../../db/read-model/values';
import { MAX_TRANSACTIONS_PER_REQUEST } from './transactions-post';
import { queryOf } from './helpers';

const feesQuery = querySchema({
  paginated: false,
  criteria: { days: { ...integer({ minimum: 1 }), maximum: 30 } },
});

export function nodeRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { network } = ctx;

  /**
   * Blocks the node is behind its peers (0 for a node that forges its chain): a follower's own status, which counts
   * only heights it believes (never more than the slots since its tip allow: docs/design/sync.md "Status").
   */
  const behind = () => {
    const status = ctx.sync?.status?.();
    if (status !== undefined) return status.blocksBehind;
    return Math.max(0, (ctx.sync?.networkHeight() ?? 0) - ctx.node.store.height());
  };
  /** Synced: nothing behind, and for a follower its own verdict (a stalled follower is not in sync). */
  const synced = () => {
    const status = ctx.sync?.status?.();
    return behind() === 0 && (status === undefined || status.state === 'synced');
  };

  app.get('/node/status', () => ({
    data: {
      synced: synced(),
      now: ctx.node.store.height(),
      blocksCount: behind(),
      timestamp: epochTimestamp(ctx.now(), network),
    },
  }));

  app.get('/node/syncing', () => {
    const last = ctx.node.store.lastBlock();
    const blocks = behind();
    return { data: { syncing: !synced(), blocks, height: last.height, id: last.id } };
  });

  app.get('/node/configuration', () => {
    const params = network.network;
    const pool = ctx.node.pool.options;
    const ports = ctx.ports();
    return {
      data: {
        core: { version: ctx.version },
        nethash: params.nethash,
        slip44: params.slip44,
        wif: params.wif,
        token: params.client.token,
        symbol: params.client.symbol,
        explorer: params.client.explorer,
        version: params.pubKeyHash,
        // ARK's keys, so that ARK clients find the API port; the secondary interface under Votary's own key.
        ports: { '@arkecosystem/core-api': ports.public, 'votary/secondary-api': ports.secondary },
        constants: milestoneAt(network, ctx.node.store.height()),
        transactionPool: {
          dynamicFees: pool.dynamicFees.enabled ? pool.dynamicFees : { enabled: false },
          maxTransactionsInPool: pool.maxTransactionsInPool,
          maxTransactionsPerSender: pool.maxTransactionsPerSender,
          maxTransactionsPerRequest: MAX_TRANSACTIONS_PER_REQUEST,
          maxTransactionAge: pool.maxTransactionAge,
          maxTransactionBytes: pool.maxTransactionBytes,
        },
      },
    };
  });

  app.get('/node/configuration/crypto', () => {
    const genesis = ctx.node.store.genesis;
    return {
      data: {
        network: network.network,
        milestones: network.milestones,
        exceptions: {},
        genesisBlock: {
          ...blockHeaderToJson(genesis.header, network),
          transactions: genesis.transactions.map(transactionToJson),
        },
      },
    };
  });

  app.get('/node/fees', { schema: { querystring: feesQuery } }, (request) => {
    const days = queryOf(request).days as number | undefined;
    return days === undefined
      ? { meta: {}, data: recentFeeStatistics(ctx) }
      : { meta: { days }, data: feeStatisticsOfDays(ctx, days) };
  });
}
