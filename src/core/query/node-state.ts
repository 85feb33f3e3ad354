/**
 * What the node says of itself and its chain (ark-core-api.md §6.1, §9.1–§9.8). A node that forges its chain has no
 * peers to be behind, so it is always synced (ARK's own rule: a node without peers is synced); a follower is behind
 * by what its own status counts (docs/design/sync.md "Status"), or by the highest height its peers report.
 */
import type {
  Blockchain,
  FeeStatistic,
  NodeConfiguration,
  NodeFees,
  NodeStatus,
  NodeSyncing,
  PeerRecord,
  StaticFees,
} from '../domain';
import { feeStatisticsOfDays, recentFeeStatistics } from '../db/read-model/fee-statistics';
import { staticFees, typeNames, typeSchemas } from '../db/read-model/transaction-types';
import type { Block } from '../protocol/blocks';
import { milestoneAt, type Milestone, type Network } from '../protocol/networks';
import { epochTimestamp } from '../protocol/time';
import type { QueryContext } from './context';

/** ARK's maxTransactionsPerRequest (POST /transactions takes 1–40). */
export const MAX_TRANSACTIONS_PER_REQUEST = 40;

/** The network's secondary interface key in `/node/configuration` `ports` (Votary's own; docs/design/api.md). */
export const SECONDARY_PORT_KEY = 'votary/secondary-api';

const bigints = (table: Record<string, Record<string, string>>): StaticFees =>
  Object.fromEntries(
    Object.entries(table).map(([group, fees]) => [
      group,
      Object.fromEntries(Object.entries(fees).map(([key, fee]) => [key, BigInt(fee)])),
    ]),
  );

export class NodeStateQueries {
  private schemas: { milestone: Milestone; data: unknown } | undefined;

  constructor(private readonly ctx: QueryContext) {}

  get network(): Network {
    return this.ctx.read.network;
  }

  /** The chain height (the last block's). */
  height(): number {
    return this.ctx.read.height();
  }

  /** Blocks the node is behind its peers (0 for a node that forges its chain). */
  private behind(): number {
    const sync = this.ctx.source.sync;
    const status = sync?.status?.();
    if (status !== undefined) return status.blocksBehind;
    return Math.max(0, (sync?.networkHeight() ?? 0) - this.ctx.read.height());
  }

  /** Synced: nothing behind, and for a follower its own verdict (a stalled follower is not in sync). */
  private synced(): boolean {
    const status = this.ctx.source.sync?.status?.();
    return this.behind() === 0 && (status === undefined || status.state === 'synced');
  }

  status(): NodeStatus {
    return {
      synced: this.synced(),
      now: this.ctx.read.height(),
      blocksCount: this.behind(),
      timestamp: epochTimestamp(this.ctx.source.now(), this.network),
    };
  }

  syncing(): NodeSyncing {
    const last = this.ctx.source.node.chain.lastBlock();
    const blocks = this.behind();
    return { syncing: !this.synced(), blocks, height: last.height, id: last.id ?? '' };
  }

  blockchain(): Blockchain {
    const chain = this.ctx.source.node.chain;
    const last = chain.lastBlock();
    return { block: { height: last.height, id: last.id ?? '' }, supply: chain.supply().total };
  }

  configuration(): NodeConfiguration {
    const { network } = this;
    const params = network.network;
    const pool = this.ctx.source.node.pool.options;
    const ports = this.ctx.source.ports();
    return {
      core: { version: this.ctx.source.version },
      nethash: params.nethash,
      slip44: params.slip44,
      wif: params.wif,
      token: params.client.token,
      symbol: params.client.symbol,
      explorer: params.client.explorer,
      version: params.pubKeyHash,
      // ARK's keys, so that ARK clients find the API port; the secondary interface under Votary's own key.
      ports: { '@arkecosystem/core-api': ports.public, [SECONDARY_PORT_KEY]: ports.secondary },
      constants: milestoneAt(network, this.ctx.read.height()) as unknown as NodeConfiguration['constants'],
      transactionPool: {
        dynamicFees: pool.dynamicFees.enabled ? pool.dynamicFees : { enabled: false },
        maxTransactionsInPool: pool.maxTransactionsInPool,
        maxTransactionsPerSender: pool.maxTransactionsPerSender,
        maxTransactionsPerRequest: MAX_TRANSACTIONS_PER_REQUEST,
        maxTransactionAge: pool.maxTransactionAge,
        maxTransactionBytes: pool.maxTransactionBytes,
      },
    };
  }

  genesis(): Block {
    return this.ctx.source.node.chain.genesis;
  }

  /** Over `days` of the network clock, or over each type's 20 most recent transactions. */
  fees(days?: number): NodeFees {
    const grouped =
      days === undefined ? recentFeeStatistics(this.ctx.read) : feeStatisticsOfDays(this.ctx.read, days);
    const byTypeGroup: Record<string, Record<string, FeeStatistic>> = {};
    for (const [group, types] of Object.entries(grouped)) {
      byTypeGroup[group] = Object.fromEntries(
        Object.entries(types).map(([key, { avg, max, min, sum }]) => [
          key,
          { avg: BigInt(avg), max: BigInt(max), min: BigInt(min), sum: BigInt(sum) },
        ]),
      );
    }
    return { days, byTypeGroup };
  }

  staticFees(): StaticFees {
    return bigints(staticFees(this.network, this.ctx.read.height()));
  }

  typeNames(): Record<string, Record<string, number>> {
    return typeNames(this.network, this.ctx.read.height());
  }

  /** Generated once per milestone: converting every schema takes a few milliseconds. */
  typeSchemas(): unknown {
    const height = this.ctx.read.height();
    const milestone = milestoneAt(this.network, height);
    if (this.schemas?.milestone !== milestone) {
      this.schemas = { milestone, data: typeSchemas(this.network, height) };
    }
    return this.schemas.data;
  }

  /** The peers a follower follows (their public API's address and port); none for a forging node. */
  peers(): PeerRecord[] {
    return this.ctx.source.sync?.peers() ?? [];
  }
}
