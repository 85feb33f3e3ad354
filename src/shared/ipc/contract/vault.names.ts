/**
 * The channel and event names of the vault: the profile's encrypted key store, its lock, password, auto-lock and the
 * OS keychain; their schemas are in vault.ts, which keys exactly these. No schema and no dependency here: the preload
 * builds `window.votary` from these names (channels.ts) without bundling the validators.
 */
export const VAULT_NAMES = {
  channels: [
    'vault:status',
    'vault:create',
    'vault:unlock',
    'vault:lock',
    'vault:change-password',
    'vault:set-auto-lock',
    'vault:keychain-status',
    'vault:keychain-enable',
    'vault:keychain-disable',
    'vault:unlock-with-device',
  ],
  // Locked, unlocked, created, auto-lock changed: pushed so every window sees it.
  events: ['vault:status'],
} as const;
