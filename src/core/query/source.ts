/**
 * What ChainQueries reads from: the node's narrow read side (its chain database, the tip, genesis and supply, the
 * pool's entries) and what only the serving process knows (a follower's sync, the API's ports, the version). A
 * LocalNode gives the first (`LocalNode.readSide`); the API server adds the rest (api/server.ts).
 */
import type { ChainReadSide, NodeReadSide, PoolReadSide } from '../node/read-side';

export type { ChainReadSide, NodeReadSide, PoolReadSide };

/** A followed peer as `/peers` lists it (ark-core-api.md §6.19). */
export interface SyncPeer {
  ip: string;
  /** The peer's public API port (Votary follows peers over their public API, not P2P). */
  port: number;
  version: string;
  height: number;
  /** Milliseconds. */
  latency: number;
}

/** The follower's report of itself (core/sync's SyncStatus has this shape). */
export interface SyncStatusReport {
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

/** A followed chain's sync as reads tell it; without one the node is its chain's only node: synced, no peers. */
export interface SyncReadSide {
  /** The highest height a usable peer reports (0 when none is known yet). */
  networkHeight(): number;
  /** The follower's one status, when the source has it: then node status and syncing say what it says. */
  status?(): SyncStatusReport;
  peers(): SyncPeer[];
}

export interface QuerySource {
  readonly node: NodeReadSide;
  readonly sync?: SyncReadSide | undefined;
  /** The ports the public API and the secondary interface listen on (`/node/configuration` `ports`). */
  ports(): { public: number; secondary: number };
  /** Votary's version (`/node/configuration` `core.version`). */
  readonly version: string;
  /** Unix milliseconds: the network clock of node status and `/node/fees?days`. */
  now(): number;
}
