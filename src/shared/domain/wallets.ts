/**
 * Wallets as the screens see them. `walletView` is public data only. The two shapes that carry a secret are
 * `newMnemonicWallet` (the new phrase, shown once) and `recoveryPhrase` (behind the password): the contract marks
 * their channels, and tests/ipc proves no other channel returns one (docs/design/architecture.md "Rules").
 */
import { z } from 'zod';

/** `ledger`: the key is on a Ledger device; the vault keeps only its path, public key and address. */
export const walletKind = z.enum(['mnemonic', 'passphrase', 'wif', 'watch', 'ledger']);

export const walletView = z.object({
  id: z.string(),
  name: z.string(),
  kind: walletKind,
  /** The registry id of the wallet's network ("embedded" or a nethash), when the network is known. */
  networkId: z.string().optional(),
  /** The network name, e.g. "localnet". */
  network: z.string(),
  nethash: z.string(),
  address: z.string(),
  publicKey: z.string().optional(),
  hasSecondPassphrase: z.boolean(),
  createdAt: z.string(),
  /** A Ledger wallet's BIP44 path on the device (kind `ledger` only). */
  ledgerPath: z.string().optional(),
});
export type WalletView = z.output<typeof walletView>;

export const newMnemonicWallet = z.object({
  pendingId: z.string(),
  /** The 24 words, this once. */
  mnemonic: z.string(),
  words: z.array(z.string()),
  /** 1-based positions the person types back to confirm. */
  confirmPositions: z.array(z.number().int()),
  address: z.string(),
});
export type NewMnemonicWalletView = z.output<typeof newMnemonicWallet>;

export const recoveryPhrase = z.object({
  kind: z.enum(['mnemonic', 'passphrase', 'wif']),
  secret: z.string(),
  secondPassphrase: z.string().optional(),
});
export type RecoveryPhraseView = z.output<typeof recoveryPhrase>;

export const walletChange = z.object({
  reason: z.enum(['added', 'updated', 'removed', 'activity']),
  walletId: z.string().optional(),
  address: z.string().optional(),
});
export type WalletChange = z.output<typeof walletChange>;
