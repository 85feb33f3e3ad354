/**
 * What the API serves from, and the per-server context every route receives. The API never writes the chain and
 * never reads it itself: every read is a ChainQueries call (core/query, over the node's own database connection,
 * so answers see whole blocks), mapped to ARK's JSON by resources/; new transactions go to the node's pool.
 */
import type { TransactionData } from '../protocol/transactions';
import type { Network } from '../protocol/networks';
import type { AddTransactionsResult, DecodeResult, PoolCandidate } from '../node/transaction-pool';
import type { ChainQueries, NodeReadSide, SyncPeer, SyncReadSide, SyncStatusReport } from '../query';

/** The node as the API sees it: its read side, and the pool's door. LocalNode satisfies it. */
export interface ApiNode {
  readonly readSide: NodeReadSide;
  /** Adds decoded transactions to the pool, each independently and in order (POST /transactions). */
  addDecoded(items: readonly DecodeResult[]): AddTransactionsResult;
  /**
   * addDecoded, its rows committed with other requests' ready in the same turn (one SQLite transaction); resolves
   * once they are committed (LocalNode).
   */
  addDecodedGrouped?(items: readonly DecodeResult[]): Promise<AddTransactionsResult>;
  /** Verifies a batch's signatures ahead on every core, when the node has worker threads (LocalNode). */
  prefetchSignatures?(candidates: readonly PoolCandidate[]): Promise<void>;
}

/** A followed peer as `/peers` lists it (ark-core-api.md §6.19). */
export type ApiPeer = SyncPeer;

/** The follower's report of itself (core/sync's SyncStatus has this shape): what `/metrics` tells of the sync. */
export type ApiSyncStatus = SyncStatusReport;

/**
 * The sync of a followed chain (core/sync's Follower, adapted by its runner): what `/node/status`,
 * `/node/syncing` and `/peers` tell. Without it the node is its chain's only node: synced, no peers.
 */
export interface ApiSyncSource extends SyncReadSide {
  /**
   * Relays transactions POST /transactions accepted into this node's pool to the peers (this node forges
   * nothing, so they reach a forger only so); their ids are the answer's `broadcast`. Does not wait.
   */
  relay(transactions: readonly TransactionData[]): void;
}

export interface ApiContext {
  /** Every read of every route. */
  readonly queries: ChainQueries;
  readonly network: Network;
  readonly node: ApiNode;
  readonly sync: ApiSyncSource | undefined;
}
