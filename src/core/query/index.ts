/**
 * core/query: the typed reads of a node's chain (docs/design/architecture.md "Chain access"): ChainQueries and its
 * per-resource queries over db/read-model, answering ARK's records (core/domain) — the one read model the public
 * API maps to JSON and a LocalChain hands the app as its ChainReader.
 */
export { ChainQueries, sortedPeers, type ResourceQueries } from './chain-queries';
export type {
  ChainReadSide,
  NodeReadSide,
  PoolReadSide,
  QuerySource,
  SyncPeer,
  SyncReadSide,
  SyncStatusReport,
} from './source';
export { MAX_TRANSACTIONS_PER_REQUEST, SECONDARY_PORT_KEY } from './node-state';
export { pageWindow, DEFAULT_LIMIT, MAX_LIMIT, type PageWindow } from './page';
export { rawBlock, rawTransaction, type RawBlock, type RawTransaction } from './raw';
export type { StoredBlock } from './blocks';
export type { ConfirmedTransaction } from './transactions';
export type { ChainSummary } from './randomness';
