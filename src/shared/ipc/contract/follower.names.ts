/**
 * The channel and event names of a remote network's own node, the follower this app runs for it; their schemas are
 * in follower.ts, which keys exactly these. No schema and no dependency here: the preload builds `window.votary`
 * from these names (channels.ts) without bundling the validators.
 */
export const FOLLOWER_NAMES = {
  channels: ['follower:list', 'follower:estimate', 'follower:start', 'follower:stop'],
  events: ['follower:status'],
} as const;
