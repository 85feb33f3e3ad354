/**
 * What the follower reports of itself (its `status` event, the CLI's progress, the API's sync source, the app's Node
 * screen and header): one state. The verified height (our tip) is a fact; a peer's height is a claim, shown with
 * whether it is believed (docs/design/sync.md "Status"). `reason` says the state in words for people, so that the
 * UI only displays it.
 */
export type SyncState = 'starting' | 'syncing' | 'synced' | 'stalled' | 'stopped';

export interface FollowedPeerStatus {
  url: string;
  /** The height the peer last claimed (X-Block-Height), once known — a claim, see `claimBelieved`. */
  height: number | undefined;
  latencyMs: number | undefined;
  /** Why and until when (Unix ms) the peer is banned. */
  banned: { until: number; reason: string } | undefined;
  lastError: string | undefined;
  /** Whether its claimed height is believed: within the slot bound, and not contradicted by what it served. */
  claimBelieved: boolean;
  /** Why the claim is not believed (undefined when it is, or when there is none). */
  claimDoubt: string | undefined;
  /** The highest block it served that verified (a fact). */
  servedHeight: number | undefined;
  /** Verified blocks per request it delivered lately (how the follower chooses whom to ask). */
  deliveredPerRequest: number;
  /** Its chain left ours deeper than the follower reverts: it is not followed any more (why). */
  diverged: string | undefined;
}

export interface SyncStatus {
  state: SyncState;
  /** Our verified tip (the same as `verifiedHeight`; kept for the renderer). */
  height: number;
  verifiedHeight: number;
  /** The highest height a peer has shown and we believe (≥ height): what "synced" is measured against. */
  target: number;
  /** target − height; never more than the slots since our tip allow. */
  blocksBehind: number;
  /** The most the chain can have grown to: our tip plus the slots begun since it (a claim above is a lie). */
  heightBound: number;
  /** Blocks applied per second over the last few seconds. */
  blocksPerSecond: number;
  /** Seconds to reach the target at that rate, while syncing. */
  etaSeconds: number | undefined;
  /** Unix ms of the last block this follower verified and stored (undefined: none since it started). */
  lastAdvanceAt: number | undefined;
  peers: FollowedPeerStatus[];
  /** Why the follower stopped (state 'stopped' with an error), or why it stalls. */
  error: { code: string; message: string } | undefined;
  /** The state in one or two sentences for people: which peer, what failed — never a raw URL with its query. */
  reason: string;
}
