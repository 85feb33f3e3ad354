/**
 * The channel and event names of signed messages; their schemas are in messages.ts, which keys exactly these. No
 * schema and no dependency here: the preload builds `window.votary` from these names (channels.ts) without bundling
 * the validators.
 */
export const MESSAGES_NAMES = {
  channels: ['messages:sign', 'messages:verify'],
  events: [],
} as const;
