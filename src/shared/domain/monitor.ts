/**
 * What the node monitor and its alerts show the renderer. Times are Unix milliseconds; heights
 * and slots are integers. The monitor computes missed slots itself (the ARK API exposes none), so every window says
 * how far back its data really goes (`coveredSince`).
 */
import { z } from 'zod';

const unixMs = z.number().int();
const height = z.number().int().min(0);

/** One watched node of the active network (height, last block, sync, lag, version, latency, peers). */
export const watchedNodeView = z.object({
  /** Stable id: `embedded` for the app's own localnet node, otherwise derived from the URL. */
  id: z.string(),
  /** The node's normalized base URL (origin and optional prefix, without /api). */
  url: z.string(),
  label: z.string(),
  /** "My node": the node whose lag and stalls raise alerts (the embedded node, or the network's first peer). */
  own: z.boolean(),
  /** Added by the user with monitor:nodes-add (removable), rather than taken from the network's peers. */
  custom: z.boolean(),
  reachable: z.boolean(),
  height: height.optional(),
  lastBlockId: z.string().optional(),
  /** Unix ms of the node's last block. */
  lastBlockAt: unixMs.optional(),
  synced: z.boolean().optional(),
  /**
   * False when the node claims a height above what the chain can have reached (one block a slot since the own
   * node's tip): its word is shown as a claim and counts toward no best height or lag.
   */
  heightBelieved: z.boolean().optional(),
  /** Against the best believed height among the watched nodes (and the node's own /node/syncing answer). */
  blocksBehind: z.number().int().min(0).optional(),
  version: z.string().optional(),
  latencyMs: z.number().min(0).optional(),
  peers: z.number().int().min(0).optional(),
  /** Unix ms of the last poll (successful or not). */
  checkedAt: unixMs.optional(),
  /** Unix ms at which the height last changed (stall detection). */
  advancedAt: unixMs.optional(),
  error: z.string().optional(),
});
export type WatchedNodeView = z.output<typeof watchedNodeView>;

/** Nodes that hold different blocks at the same height (a fork). */
export const forkView = z.object({
  height,
  nodes: z.array(z.object({ id: z.string(), blockId: z.string() })),
  /** Unix ms when the monitor first saw this divergence. */
  seenAt: unixMs,
});
export type ForkView = z.output<typeof forkView>;

export const monitorOverview = z.object({
  networkId: z.string(),
  /** False until the monitor has run one poll for the active network. */
  running: z.boolean(),
  nodes: z.array(watchedNodeView),
  /** The highest height a watched node claims that the monitor believes (watchedNodeView.heightBelieved). */
  bestHeight: height.optional(),
  forks: z.array(forkView),
  updatedAt: unixMs.optional(),
});
export type MonitorOverview = z.output<typeof monitorOverview>;

export const slotState = z.enum(['forged', 'missed', 'upcoming', 'current']);
export type SlotState = z.output<typeof slotState>;

/** One of the 21 (activeDelegates) forging slots of a round, in forging order. */
export const roundSlotView = z.object({
  /** The absolute slot number (protocol time: epoch seconds / block time). */
  slot: z.number().int(),
  /** Position in the round's forging order, 0-based. */
  index: z.number().int().min(0),
  publicKey: z.string(),
  username: z.string().optional(),
  startsAt: unixMs,
  state: slotState,
  blockId: z.string().optional(),
  height: height.optional(),
});
export type RoundSlotView = z.output<typeof roundSlotView>;

export const roundView = z.object({
  round: z.number().int().min(1),
  /** Heights of the round: [firstHeight, lastHeight] (activeDelegates blocks). */
  firstHeight: height,
  lastHeight: height,
  activeDelegates: z.number().int().min(1),
  /** Seconds per slot. */
  blockTime: z.number().int().min(1),
  /** The slots from the round's next block on, one per forging position (a round's first block starts it). */
  slots: z.array(roundSlotView),
  currentSlot: z.number().int(),
  /** Delegate that owns the current slot. */
  currentForger: z.object({ publicKey: z.string(), username: z.string().optional() }).optional(),
  nextForger: z
    .object({ publicKey: z.string(), username: z.string().optional(), startsAt: unixMs })
    .optional(),
  /** Answer to `{delegate}`: when that delegate's next slot starts (absent when it is not in the forging set). */
  delegate: z
    .object({
      publicKey: z.string(),
      username: z.string().optional(),
      inForgingSet: z.boolean(),
      nextSlot: z.number().int().optional(),
      nextSlotAt: unixMs.optional(),
      /** Milliseconds from `now` to nextSlotAt. */
      inMs: z.number().int().optional(),
      /**
       * True when the slot lies in the next round: its order is the current ranking shuffled for round + 1,
       * which holds unless votes change the ranking before the round starts.
       */
      predicted: z.boolean().optional(),
    })
    .optional(),
  now: unixMs,
});
export type RoundView = z.output<typeof roundView>;

export const productivityWindow = z.enum(['hour', 'day', 'week']);
export type ProductivityWindow = z.output<typeof productivityWindow>;

export const delegateProductivityView = z.object({
  publicKey: z.string(),
  username: z.string().optional(),
  rank: z.number().int().optional(),
  produced: z.number().int().min(0),
  missed: z.number().int().min(0),
  /** produced / (produced + missed) × 100; absent when the delegate had no slot in the covered window. */
  productivity: z.number().min(0).max(100).optional(),
  lastBlock: z.object({ height, timestamp: unixMs }).optional(),
});
export type DelegateProductivityView = z.output<typeof delegateProductivityView>;

export const productivityView = z.object({
  window: productivityWindow,
  /** The window asked for: [from, to] in Unix ms. */
  from: unixMs,
  to: unixMs,
  /** How far back the monitor's block record really goes (later than `from` when monitoring started recently). */
  coveredSince: unixMs.optional(),
  delegates: z.array(delegateProductivityView),
});
export type ProductivityView = z.output<typeof productivityView>;

export const missedSlotView = z.object({
  slot: z.number().int(),
  round: z.number().int().min(1),
  /** Unix ms at which the slot started. */
  at: unixMs,
  publicKey: z.string(),
  username: z.string().optional(),
});
export type MissedSlotView = z.output<typeof missedSlotView>;

/** One point of a node's health chart (lag, block interval, latency). */
export const nodeSampleView = z.object({
  at: unixMs,
  height: height.optional(),
  lagBlocks: z.number().int().min(0).optional(),
  /** Seconds between the node's last two blocks seen. */
  blockIntervalS: z.number().min(0).optional(),
  latencyMs: z.number().min(0).optional(),
  reachable: z.boolean(),
});
export type NodeSampleView = z.output<typeof nodeSampleView>;

export const alertRule = z.enum([
  'delegate-missed-slot',
  'delegate-forging-set',
  'voted-delegate',
  'node-behind',
  'node-stalled',
  'fork',
  /** My delegate's rank changed. */
  'delegate-rank',
  /** A voter of my delegate joined, left, or moved at least voterBalanceThreshold. */
  'delegate-voters',
]);
export type AlertRule = z.output<typeof alertRule>;

export const monitorSettings = z.object({
  /** Delegates watched as "mine" besides the vault's registered delegates: public keys or usernames. */
  myDelegates: z.array(z.string().min(1).max(66)).max(50),
  /** node-behind fires above this many blocks behind. */
  behindThreshold: z.number().int().min(1).max(100_000),
  /** node-stalled fires when the height has not changed for this many seconds. */
  stallSeconds: z.number().int().min(5).max(86_400),
  /** Poll interval of the node watcher. */
  pollSeconds: z.number().int().min(1).max(600),
  rules: z.record(alertRule, z.boolean()),
  /** delegate-voters fires for a voter whose balance moved by at least this many whole tokens (0 = never). */
  voterBalanceThreshold: z.number().int().min(0).max(10_000_000_000),
  /**
   * Every alert is also POSTed here as JSON (src/core/monitor/README.md "Webhook"); null = none. https, or http to
   * this machine only.
   */
  webhookUrl: z.string().max(2048).nullable(),
});
export type MonitorSettings = z.output<typeof monitorSettings>;

/** Partial update of the settings (monitor:settings with a body). */
export const monitorSettingsPatch = z.strictObject({
  myDelegates: monitorSettings.shape.myDelegates.optional(),
  behindThreshold: monitorSettings.shape.behindThreshold.optional(),
  stallSeconds: monitorSettings.shape.stallSeconds.optional(),
  pollSeconds: monitorSettings.shape.pollSeconds.optional(),
  rules: z.partialRecord(alertRule, z.boolean()).optional(),
  voterBalanceThreshold: monitorSettings.shape.voterBalanceThreshold.optional(),
  webhookUrl: monitorSettings.shape.webhookUrl.optional(),
});
export type MonitorSettingsPatch = z.output<typeof monitorSettingsPatch>;

export const monitorAlertView = z.object({
  id: z.string(),
  rule: alertRule,
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
  /** What the alert is about: a delegate public key, a node id, a fork height. */
  subject: z.string(),
  networkId: z.string(),
  raisedAt: unixMs,
  clearedAt: unixMs.optional(),
  active: z.boolean(),
  dismissed: z.boolean(),
  /** Coalesced occurrences (a delegate that keeps missing slots counts up rather than raising again). */
  count: z.number().int().min(1),
});
export type MonitorAlertView = z.output<typeof monitorAlertView>;

/** Push event: the monitor changed something; the renderer refetches what it shows. Deliberately small. */
export const monitorUpdateEvent = z.object({
  networkId: z.string(),
  topics: z.array(z.enum(['nodes', 'round', 'blocks', 'alerts'])),
  at: unixMs,
});
export type MonitorUpdateEvent = z.output<typeof monitorUpdateEvent>;
