/** What the follower reports of itself (its `status` event, the CLI's progress, the API's sync source). */
export type SyncState = 'starting' | 'syncing' | 'synced' | 'stalled' | 'stopped';

export interface FollowedPeerStatus {
  url: string;
  /** The height the peer last reported (X-Block-Height), once known. */
  height: number | undefined;
  latencyMs: number | undefined;
  /** Why and until when (Unix ms) the peer is banned. */
  banned: { until: number; reason: string } | undefined;
  lastError: string | undefined;
}

export interface SyncStatus {
  state: SyncState;
  height: number;
  /** The highest height a usable peer reported (≥ height once known). */
  target: number;
  blocksBehind: number;
  /** Blocks applied per second over the last few seconds. */
  blocksPerSecond: number;
  /** Seconds to reach the target at that rate, while syncing. */
  etaSeconds: number | undefined;
  peers: FollowedPeerStatus[];
  /** Why the follower stopped (state 'stopped' with an error), or why it stalls. */
  error: { code: string; message: string } | undefined;
}
