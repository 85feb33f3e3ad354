/**
 * Ledger hardware wallets as the screens see them (docs/design/ledger.md): the device's state in words, the
 * accounts read from it with what their network says of each, and what the device is about to show while it signs.
 * Public data only: a device holds the key; Votary keeps a path, a public key and an address.
 */
import { z } from 'zod';

/**
 * The device's state: `ready` (connected, unlocked, ARK app open and recent enough) or why not, one state per
 * ERR_LEDGER_* a status check can meet.
 */
export const ledgerState = z.enum([
  'ready',
  'not-connected',
  'usb-unavailable',
  'locked',
  'wrong-app',
  'app-too-old',
  'busy',
  'timeout',
  'disconnected',
  'error',
]);
export type LedgerState = z.output<typeof ledgerState>;

/** How the core reaches a device: USB HID, or Ledger's emulator (speculos) on loopback for tests and screenshots. */
export const ledgerTransportKind = z.enum(['usb', 'speculos']);

export const ledgerStatusView = z.object({
  state: ledgerState,
  /** The ARK app's version, when the app answered. */
  appVersion: z.string().optional(),
  /** The oldest ARK app version Votary signs with. */
  minimumVersion: z.string(),
  transport: ledgerTransportKind,
  /** The state in one sentence, shown as it is ("Unlock your Ledger with its PIN, then …"). */
  message: z.string(),
  /** The ERR_LEDGER_* code behind a state that is not `ready`. */
  code: z.string().optional(),
});
export type LedgerStatusView = z.output<typeof ledgerStatusView>;

/** One account read from the device at a BIP44 path. */
export const ledgerAccountView = z.object({
  /** e.g. "44'/1'/0'/0/0". */
  path: z.string(),
  /** The account number: the path's third (hardened) element. */
  index: z.number().int(),
  publicKey: z.string(),
  address: z.string(),
  /** Arktoshi, as the network's node answers it (a claim, like every balance read from a node). */
  balance: z.string(),
  /** The address has a nonce above 0 or a balance on that network. */
  used: z.boolean(),
  /** The wallet this account already is in the open profile, if any. */
  walletId: z.string().optional(),
});
export type LedgerAccountView = z.output<typeof ledgerAccountView>;

export const ledgerDiscoveryView = z.object({
  networkId: z.string(),
  /** The SLIP-44 coin type of the paths: 111 on ARK mainnet, 1 on every other network. */
  coinType: z.number().int(),
  /** From `start` up to the first unused account (or as many as were asked). */
  accounts: z.array(ledgerAccountView),
  /** True when the scan ended at an unused account; false when it stopped at the limit (scan on from there). */
  complete: z.boolean(),
});
export type LedgerDiscoveryView = z.output<typeof ledgerDiscoveryView>;

/**
 * Pushed while a Ledger wallet signs (tx:send, multisig signing, messages:sign): `confirm` just before the device is
 * asked — what it will show, in its order, and what to press — and `finished` when it answered or failed, so the
 * prompt can close. One `id` per signing.
 */
export const ledgerPromptEvent = z.object({
  id: z.string(),
  phase: z.enum(['confirm', 'finished']),
  walletId: z.string(),
  address: z.string(),
  /** The review this signing belongs to (tx:send, multisig:*), absent for a message. */
  preparedId: z.string().optional(),
  subject: z.enum(['transaction', 'message']),
  /** The kind in words, e.g. "transfer", "vote", "message". */
  kind: z.string(),
  /** The device's screens in order, the ARK app's own labels. */
  screens: z.array(z.string()),
  path: z.string(),
  /** The message text, for a message. */
  message: z.string().optional(),
  /** What to do, in words: compare the screens, then approve (both buttons) or reject on the device. */
  instruction: z.string(),
  /** The ARK app shows every amount as "ARK"; on another network this says which token it really is. */
  tokenNote: z.string().optional(),
  /** With `finished`: how it ended. */
  outcome: z.enum(['signed', 'rejected', 'failed']).optional(),
  /** With `finished` and a failure: the ERR_LEDGER_* code. */
  code: z.string().optional(),
});
export type LedgerPromptEvent = z.output<typeof ledgerPromptEvent>;
