/** The profile's vault (docs/design/security.md "Key store"): create, unlock, lock, password, auto-lock, the OS keychain. */
import { z } from 'zod';
import { nothing } from '../../domain/common';
import { keychainStatus, vaultStatus } from '../../domain/vault';
import type { VAULT_NAMES } from './vault.names';
import { type ChannelSpec, type ChannelsOf, none, password } from './fields';

export const VAULT_CHANNELS = {
  'vault:status': { request: none, response: vaultStatus },
  'vault:create': { request: z.strictObject({ password }), response: vaultStatus },
  'vault:unlock': { request: z.strictObject({ password }), response: vaultStatus },
  'vault:lock': { request: none, response: vaultStatus },
  'vault:change-password': {
    request: z.strictObject({ current: password, next: password }),
    response: nothing,
  },
  'vault:set-auto-lock': {
    request: z.strictObject({
      minutes: z
        .number()
        .int()
        .min(0)
        .max(24 * 60),
    }),
    response: vaultStatus,
  },
  'vault:keychain-status': { request: none, response: keychainStatus },
  'vault:keychain-enable': { request: none, response: keychainStatus },
  'vault:keychain-disable': { request: none, response: keychainStatus },
  'vault:unlock-with-device': { request: none, response: vaultStatus },
} as const satisfies Record<ChannelsOf<typeof VAULT_NAMES>, ChannelSpec>;
