/**
 * The channel and event names of localnet controls and its faucet; their schemas are in localnet.ts, which keys
 * exactly these. No schema and no dependency here: the preload builds `window.votary` from these names (channels.ts)
 * without bundling the validators.
 */
export const LOCALNET_NAMES = {
  channels: [
    'localnet:status',
    'localnet:pause',
    'localnet:resume',
    'localnet:set-offline',
    'localnet:reset',
    'localnet:snapshot-save',
    'localnet:snapshot-list',
    'localnet:snapshot-delete',
    'localnet:rollback',
    'localnet:fund',
  ],
  events: [],
} as const;
