/** The encrypted key store (docs/design/security.md "Key store"): create, unlock, lock, password, auto-lock, the OS keychain. */
import { z } from 'zod';
import { nothing } from '../../domain/common';
import { keychainStatus, keystoreStatus } from '../../domain/keystore';
import type { IpcChannel } from '../channels';
import { type ChannelSpec, none, password } from './fields';

export const VAULT_CHANNELS = {
  'keystore:status': { request: none, response: keystoreStatus },
  'keystore:create': { request: z.strictObject({ password }), response: keystoreStatus },
  'keystore:unlock': { request: z.strictObject({ password }), response: keystoreStatus },
  'keystore:lock': { request: none, response: keystoreStatus },
  'keystore:change-password': {
    request: z.strictObject({ current: password, next: password }),
    response: nothing,
  },
  'keystore:set-auto-lock': {
    request: z.strictObject({
      minutes: z
        .number()
        .int()
        .min(0)
        .max(24 * 60),
    }),
    response: keystoreStatus,
  },
  'keystore:keychain-status': { request: none, response: keychainStatus },
  'keystore:keychain-enable': { request: none, response: keychainStatus },
  'keystore:keychain-disable': { request: none, response: keychainStatus },
  'keystore:unlock-with-device': { request: none, response: keystoreStatus },
} as const satisfies Partial<Record<IpcChannel, ChannelSpec>>;
