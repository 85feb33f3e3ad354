/**
 * The channel and event names of profiles; their schemas are in profiles.ts, which keys exactly these. No schema and
 * no dependency here: the preload builds `window.votary` from these names (channels.ts) without bundling the
 * validators.
 */
export const PROFILES_NAMES = {
  channels: ['profiles:list', 'profiles:create', 'profiles:rename', 'profiles:switch', 'profiles:remove'],
  events: ['profiles:changed'],
} as const;
