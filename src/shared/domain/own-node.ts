/**
 * A remote network's own node (docs/design/sync.md "In the app"): the follower the app runs for that network, what
 * it would take before it starts, and how far it is.
 */
import { z } from 'zod';

/**
 * `off`: not running. `starting`: learning the network and opening the chain. `syncing` / `synced`: the follower's
 * own states (synced may still be a block or two behind between polls). `stalled`: no usable peer right now (it keeps
 * asking). `failed`: stopped by a rule it cannot pass (the `error` says which) or could not start.
 */
export const ownNodeState = z.enum(['off', 'starting', 'syncing', 'synced', 'stalled', 'failed']);
export type OwnNodeState = z.output<typeof ownNodeState>;

export const followedPeerView = z.object({
  url: z.string(),
  /** The height the peer last reported, once known. */
  height: z.number().int().nullable(),
  latencyMs: z.number().nullable(),
  /** Why and until when (Unix ms) this node refuses the peer. */
  banned: z.object({ until: z.number(), reason: z.string() }).nullable(),
  lastError: z.string().nullable(),
});
export type FollowedPeerView = z.output<typeof followedPeerView>;

export const ownNodeView = z.object({
  networkId: z.string(),
  state: ownNodeState,
  /** The verified chain's height (0 before it opened). */
  height: z.number().int(),
  /** The highest height a usable peer reports. */
  target: z.number().int(),
  blocksBehind: z.number().int(),
  blocksPerSecond: z.number(),
  etaSeconds: z.number().nullable(),
  peers: z.array(followedPeerView),
  /** Why it stopped or stalls. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The follower's state in words for people (its SyncStatus `reason`), when it gives one. */
  reason: z.string().optional(),
  /** Its public API on this computer, while it runs. */
  apiUrl: z.string().nullable(),
  /** Where its chain is stored. */
  directory: z.string().nullable(),
});
export type OwnNodeView = z.output<typeof ownNodeView>;

/** What running the node would take, told before it starts. */
export const ownNodeEstimate = z.object({
  networkId: z.string(),
  /** The network's height and transaction count, as its peers report them. */
  networkHeight: z.number().int(),
  transactions: z.number().int(),
  /** The height already verified and stored here (0 for none). */
  storedHeight: z.number().int(),
  /** Disk the whole chain takes, and how much of it is still to come. */
  diskBytes: z.number().int(),
  diskBytesToCome: z.number().int(),
  /** Time to catch up on this computer, at the rates measured for the follower. */
  seconds: z.number().int(),
  /** Where the chain will be stored. */
  directory: z.string(),
});
export type OwnNodeEstimate = z.output<typeof ownNodeEstimate>;

/** The event pushed when an own node's state changes (at most a few a second per network). */
export const ownNodeEvent = ownNodeView;
