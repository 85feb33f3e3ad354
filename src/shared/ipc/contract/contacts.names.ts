/**
 * The channel and event names of contacts; their schemas are in contacts.ts, which keys exactly these. No schema and
 * no dependency here: the preload builds `window.votary` from these names (channels.ts) without bundling the
 * validators.
 */
export const CONTACTS_NAMES = {
  channels: [
    'contacts:list',
    'contacts:add',
    'contacts:update',
    'contacts:remove',
    'contacts:import',
    'contacts:export',
  ],
  events: [],
} as const;
