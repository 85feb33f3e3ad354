/** What a Follower is made with (follower.ts): its node, its network, the peers to download from, its limits. */
import type { PeerPool } from '../client';
import type { RateLimit } from '../client/rate-budget';
import type { P2pPeers } from '../p2p';
import type { Network } from '../protocol/networks';
import type { FollowedNode } from './followed-node';
import type { ChainExceptions } from './raw-block';

export interface FollowerOptions {
  node: FollowedNode;
  network: Network;
  peerPool: PeerPool;
  /** Nodes' P2P interfaces to download from besides the pool's public APIs (docs/design/sync.md "P2P"). */
  p2p?: P2pPeers;
  /**
   * The request rate every public API peer is kept within (default ARK Core's, 100 a minute; a peer announcing
   * its own limit is held to that); `'none'` keeps none (a peer of one's own).
   */
  apiRateLimit?: RateLimit | 'none';
  exceptions: ChainExceptions;
  /** Blocks per request (default 100, ARK's page limit). */
  batchSize?: number;
  /** How often a synced follower asks for new blocks (default 1000 ms). */
  pollMs?: number;
  /** How long a peer that served an invalid block is banned (default 10 minutes). */
  banMs?: number;
  /** How many blocks a fork may revert (default: three rounds of the milestone at the tip). */
  maxRevert?: number;
  now?: () => number;
  /** One line per event worth a log: a ban, a fork, a stop. */
  log?: (line: string) => void;
}
