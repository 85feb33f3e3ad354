/**
 * The channel and event names of the wallets in the vault; their schemas are in wallets.ts, which keys exactly these
 * (the vault's own lock and password are the vault domain's, vault.names.ts). No schema and no dependency here: the
 * preload builds `window.votary` from these names (channels.ts) without bundling the validators.
 */
export const WALLETS_NAMES = {
  channels: [
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
  events: ['wallets:changed'],
} as const;
