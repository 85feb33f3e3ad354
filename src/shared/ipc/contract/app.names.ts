/**
 * The channel and event names of the app itself; their schemas are in app.ts, which keys exactly these. No schema
 * and no dependency here: the preload builds `window.votary` from these names (channels.ts) without bundling the
 * validators.
 */
export const APP_NAMES = {
  channels: ['app:info', 'app:activity'],
  events: ['app:link-open', 'app:core-restarted'],
} as const;
