/**
 * Ledger hardware wallets (docs/design/ledger.md): the device's state, reading accounts from it the way ArkVault
 * does, and adding one as a wallet. Signing with one goes through the ordinary channels (tx:preview refuses what
 * the ARK app cannot sign, tx:send and messages:sign ask the device); the `ledger:prompt` event says what the device
 * shows meanwhile.
 */
import { z } from 'zod';
import { ledgerAccountView, ledgerDiscoveryView, ledgerStatusView } from '../../domain/ledger';
import { walletView } from '../../domain/wallets';
import type { LEDGER_NAMES } from './ledger.names';
import { type ChannelSpec, type ChannelsOf, networkId, none } from './fields';

/** A BIP44 path as typed ("44'/1'/0'/0/0", "m/" allowed); the core checks it is one the ARK app takes. */
const ledgerPath = z.string().min(1).max(100);

export const LEDGER_CHANNELS = {
  /** Is a device connected, unlocked, with the ARK app open and recent enough: the state in words. */
  'ledger:status': { request: none, response: ledgerStatusView },
  /**
   * Accounts `44'/111'/n'/0/0` (ARK mainnet) or `44'/1'/n'/0/0` (every other network) from n = `start` (default 0)
   * up to the first unused one, at most `limit` (default 20), each with its balance on the network (default: the
   * active one).
   */
  'ledger:discover': {
    request: z.strictObject({
      networkId: networkId.optional(),
      start: z.number().int().min(0).max(0x7fffffff).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }),
    response: ledgerDiscoveryView,
  },
  /** One account at a path the person typed. */
  'ledger:read-path': {
    request: z.strictObject({ networkId: networkId.optional(), path: ledgerPath }),
    response: ledgerAccountView,
  },
  /**
   * Adds an account read from the device as a wallet of kind `ledger` (no key stored). The core reads the key at
   * `path` from the device again: ERR_LEDGER_WRONG_KEY when it is not `publicKey`.
   */
  'ledger:add': {
    request: z.strictObject({
      networkId: networkId.optional(),
      path: ledgerPath,
      publicKey: z.string().regex(/^0[23][0-9a-fA-F]{64}$/, 'expected a compressed public key (66 hex)'),
      name: z.string().min(1).max(64).optional(),
    }),
    response: walletView,
  },
} as const satisfies Record<ChannelsOf<typeof LEDGER_NAMES>, ChannelSpec>;
