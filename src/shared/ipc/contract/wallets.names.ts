/**
 * The channel and event names of the key store and the wallets in it; their schemas are in wallets.ts, which keys
 * exactly these. No schema and no dependency here: the preload builds `window.votary` from these names (channels.ts)
 * without bundling the validators.
 */
export const WALLETS_NAMES = {
  channels: [
    'keystore:status',
    'keystore:create',
    'keystore:unlock',
    'keystore:lock',
    'keystore:change-password',
    'keystore:set-auto-lock',
    'keystore:keychain-status',
    'keystore:keychain-enable',
    'keystore:keychain-disable',
    'keystore:unlock-with-device',
    'wallets:list',
    'wallets:create-mnemonic',
    'wallets:confirm',
    'wallets:cancel-pending',
    'wallets:import-passphrase',
    'wallets:preview-import',
    'wallets:import-wif',
    'wallets:add-watch-only',
    'wallets:rename',
    'wallets:remove',
    'wallets:set-second-passphrase',
    'wallets:remove-second-passphrase',
    'wallets:reveal-phrase',
  ],
  events: ['wallet:changed', 'keystore:status'],
} as const;
