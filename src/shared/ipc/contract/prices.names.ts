/**
 * The channel and event names of prices (opt-in, docs/design/prices.md); their schemas are in prices.ts, which keys
 * exactly these (the event's in events.ts). No schema and no dependency here: the preload builds `window.votary` from
 * these names (channels.ts) without bundling the validators.
 */
export const PRICES_NAMES = {
  // The settings, the active network's quote, the portfolio over time.
  channels: ['prices:settings', 'prices:quote', 'prices:portfolio'],
  // The active network's price changed (read again, turned on or off, another network or currency).
  events: ['prices:changed'],
} as const;
