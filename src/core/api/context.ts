/**
 * What the API reads from the node, and the per-server context every route receives. The API never writes the
 * chain: it reads the node's database (same connection, so reads always see whole blocks) and hands new
 * transactions to the node's pool.
 */
import type { BlockStore } from '../node/block-store';
import type { TransactionData } from '../protocol/transactions';
import type {
  AddTransactionsResult,
  DecodeResult,
  PoolCandidate,
  TransactionPool,
} from '../node/transaction-pool';
import type { ReadContext } from '../db/read-model/context';
import { PublicKeyDirectory } from '../db/read-model/public-keys';
import { StatementCache } from '../db/read-model/sql/statement-cache';

/** The node as the API sees it: LocalNode satisfies it. */
export interface ApiNode {
  readonly store: BlockStore;
  readonly pool: TransactionPool;
  /** Adds decoded transactions to the pool, each independently and in order (POST /transactions). */
  addDecoded(items: readonly DecodeResult[]): AddTransactionsResult;
  /** Verifies a batch's signatures ahead on every core, when the node has worker threads (LocalNode). */
  prefetchSignatures?(candidates: readonly PoolCandidate[]): Promise<void>;
}

/** A followed peer as `/peers` lists it (ark-core-api.md §6.19). */
export interface ApiPeer {
  ip: string;
  /** The peer's public API port (Votary follows peers over their public API, not P2P). */
  port: number;
  version: string;
  height: number;
  /** Milliseconds. */
  latency: number;
}

/** The follower's report of itself (core/sync's SyncStatus has this shape): what `/metrics` tells of the sync. */
export interface ApiSyncStatus {
  state: 'starting' | 'syncing' | 'synced' | 'stalled' | 'stopped';
  /** How far the verified tip is behind the highest height the follower believes. */
  blocksBehind: number;
  /** Blocks applied per second over the last few seconds. */
  blocksPerSecond: number;
  peers: readonly {
    url: string;
    height: number | undefined;
    latencyMs: number | undefined;
    banned: unknown;
  }[];
}

/**
 * The sync of a followed chain (core/sync's Follower, adapted by its runner): what `/node/status`,
 * `/node/syncing` and `/peers` tell. Without it the node is its chain's only node: synced, no peers.
 */
export interface ApiSyncSource {
  /** The highest height a usable peer reports (0 when none is known yet). */
  networkHeight(): number;
  /**
   * The follower's one status (core/sync SyncStatus), when the source has it: `/node/status` and `/node/syncing`
   * then read it, so that they say what the app's screens say.
   */
  status?(): ApiSyncStatus;
  peers(): ApiPeer[];
  /**
   * Relays transactions POST /transactions accepted into this node's pool to the peers (this node forges
   * nothing, so they reach a forger only so); their ids are the answer's `broadcast`. Does not wait.
   */
  relay(transactions: readonly TransactionData[]): void;
}

/** The read model's context (db/read-model/context.ts) plus what only the API needs. */
export interface ApiContext extends ReadContext {
  readonly node: ApiNode;
  readonly sync: ApiSyncSource | undefined;
  /** The ports the two interfaces listen on (for /node/configuration). */
  readonly ports: () => { public: number; secondary: number };
  /** Votary's version (for /node/configuration `core.version`). */
  readonly version: string;
}

export function createContext(
  node: ApiNode,
  options: { now: () => number; ports: ApiContext['ports']; version: string; sync?: ApiSyncSource },
): ApiContext {
  const sql = new StatementCache(node.store.db);
  return {
    node,
    sync: options.sync,
    network: node.store.network,
    sql,
    keys: new PublicKeyDirectory(sql, node.store.network.network.pubKeyHash),
    height: () => node.store.height(),
    supply: () => node.store.supply(),
    now: options.now,
    ports: options.ports,
    version: options.version,
  };
}
