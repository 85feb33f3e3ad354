/**
 * The wallets in the profile's vault: created, imported, watched, renamed, removed, and the password-gated recovery
 * phrase (the vault's own lock and password are in vault.ts).
 */
import { z } from 'zod';
import { addressText, nothing } from '../../domain/common';
import { newMnemonicWallet, recoveryPhrase, walletView } from '../../domain/wallets';
import type { WALLETS_NAMES } from './wallets.names';
import { type ChannelSpec, type ChannelsOf, networkId, password, walletId } from './fields';

const walletName = z.string().min(1).max(64).optional();
const forWallet = { walletId };
/** Wallet imports name their network; the active one when absent. */
const newWallet = { networkId: networkId.optional(), name: walletName };

export const WALLET_CHANNELS = {
  'wallets:list': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(walletView),
  },
  'wallets:create-mnemonic': {
    request: z.strictObject(newWallet),
    response: newMnemonicWallet,
    secret: true,
  },
  'wallets:confirm': {
    request: z.strictObject({
      pendingId: z.string().min(1).max(100),
      words: z.array(z.string().max(64)).max(24),
    }),
    response: walletView,
  },
  'wallets:cancel-pending': {
    request: z.strictObject({ pendingId: z.string().min(1).max(100) }),
    response: nothing,
  },
  'wallets:import-passphrase': {
    request: z.strictObject({
      ...newWallet,
      passphrase: z.string().min(1).max(1000),
      secondPassphrase: z.string().min(1).max(1000).optional(),
    }),
    response: walletView,
  },
  /**
   * What an import would give, before anything is stored: the address, and whether a passphrase is a valid BIP39
   * phrase (a misspelled word still gives a working but different wallet).
   */
  'wallets:preview-import': {
    request: z.union([
      z.strictObject({ networkId: networkId.optional(), passphrase: z.string().min(1).max(1000) }),
      z.strictObject({ networkId: networkId.optional(), wif: z.string().min(1).max(100) }),
    ]),
    response: z.strictObject({ address: z.string(), bip39: z.boolean().optional() }),
  },
  'wallets:import-wif': {
    request: z.strictObject({
      ...newWallet,
      wif: z.string().min(1).max(100),
      secondPassphrase: z.string().min(1).max(1000).optional(),
    }),
    response: walletView,
  },
  'wallets:add-watch-only': {
    request: z.strictObject({ ...newWallet, address: addressText }),
    response: walletView,
  },
  'wallets:rename': {
    request: z.strictObject({ ...forWallet, name: z.string().min(1).max(64) }),
    response: walletView,
  },
  /** A wallet that holds a key needs the vault password: its encrypted key is deleted for good. */
  'wallets:remove': {
    request: z.strictObject({ ...forWallet, password: password.optional() }),
    response: nothing,
  },
  'wallets:set-second-passphrase': {
    request: z.strictObject({ ...forWallet, secondPassphrase: z.string().min(1).max(1000) }),
    response: walletView,
  },
  'wallets:remove-second-passphrase': { request: z.strictObject(forWallet), response: walletView },
  'wallets:reveal-phrase': {
    request: z.strictObject({ ...forWallet, password }),
    response: recoveryPhrase,
    secret: true,
  },
} as const satisfies Record<ChannelsOf<typeof WALLETS_NAMES>, ChannelSpec>;
