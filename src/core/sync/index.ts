/** Following a real network's chain (docs/design/sync.md). */
export {
  discoverFollowedNetwork,
  followedNetworkOf,
  type Discovery,
  type FollowedNetwork,
  type PeerRefusal,
} from './discovery';
export type { CryptoConfigJson } from './rules';
export { SyncError, isSyncError, type SyncErrorCode } from './errors';
export type { FollowedNode } from './followed-node';
export {
  Follower,
  type FollowerOptions,
  type FollowedPeerStatus,
  type SyncState,
  type SyncStatus,
} from './follower';
export { canonicalPeerUrl, isSpecialHost, listedUrlHost, specialAllowedBy } from './peer-address';
export { MAX_LISTED_P2P, p2pUrlsFromList } from './p2p-discovery';
export { searchP2p, type P2pSearchOptions } from './p2p-search';
export { NO_EXCEPTIONS, blockFromPeer, headerFromPeer, type ChainExceptions } from './raw-block';
export {
  NETWORK_FILE,
  followedDirectories,
  loadNetworkFile,
  networkFilePath,
  saveNetworkFile,
  type StoredNetwork,
} from './network-file';
