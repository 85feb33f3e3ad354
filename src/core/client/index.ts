/**
 * core/client: an HTTP client for any ARK Core 3.x-compatible node (docs/design/architecture.md "Processes"):
 * typed routes
 * with checked answers (amounts as bigint), peers scored by health and latency with failover, backoff on 429 and
 * failures, broadcast to several peers, network discovery from a node URL, and the persisted network registry.
 */
export {
  ClientError,
  isClientError,
  type ClientErrorCode,
  type ClientErrorDetails,
  type PeerFailure,
} from './errors';
export { normalizePeerUrl, isValidPeerUrl } from './urls';
export { AnswerTooLarge, readCappedText } from './answer-body';
export {
  requestJson,
  MAX_ANSWER_BYTES,
  parseRetryAfter,
  queryParams,
  type Query,
  type QueryValue,
  type FetchLike,
} from './http';
export {
  PeerHealth,
  DEFAULT_PEER_HEALTH_OPTIONS,
  type PeerHealthOptions,
  type PeerStatus,
  type PeerLastError,
} from './peer-health';
export { PeerPool, combineFailures, type PeerPoolOptions, type PeerRequest } from './peer-pool';
export { PeerBudgets } from './peer-budgets';
export { SharedAnswers } from './shared-answers';
export { tipBlock } from './tip-block';
export {
  broadcastTransactions,
  mergeBroadcastAnswers,
  type BroadcastOptions,
  type BroadcastResult,
  type PeerBroadcastOutcome,
  type TransactionPayload,
} from './broadcast';
export {
  NodeClient,
  type ChainReader,
  type NodeClientOptions,
  type CallOptions,
  type ListQuery,
} from './node-client';
export { discoverNetwork, verifyPeer, type DiscoverOptions, type NetworkDescription } from './discover';
export {
  KNOWN_NETWORKS,
  knownNetwork,
  peerApiUrl,
  type KnownNetwork,
  type KnownNetworkKey,
} from './known-networks';
export type {
  BlockRecord,
  Blockchain,
  CryptoConfiguration,
  DelegateRecord,
  FeeStatistic,
  LockRecord,
  NetworkConstants,
  NodeConfiguration,
  NodeFees,
  NodeStatus,
  NodeSyncing,
  Page,
  PageMeta,
  PeerRecord,
  RoundDelegateRecord,
  StaticFees,
  Timestamp,
  TransactionRecord,
  WalletRecord,
} from '../domain';
export type { PostTransactionsAnswer, PoolError } from './schemas/post';
export { paymentsAsset, votesAsset } from './schemas/assets';
export { isNotFound, unless404 } from './not-found';
