/** Sending: the one review, signing and broadcast, fees, pending transactions, kept lock secrets. */
import { z } from 'zod';
import { nothing } from '../../domain/common';
import {
  draftInput,
  feeBoundsView,
  pendingView,
  sendResult,
  keptLockView,
  revealedLockSecret,
  spendableView,
  txPreview,
} from '../../domain/transactions';
import type { TRANSACTIONS_NAMES } from './transactions.names';
import { type ChannelSpec, type ChannelsOf, networkId, password, preparedId, walletId } from './fields';

export const TRANSACTION_CHANNELS = {
  /**
   * Signs the transaction a review prepared (tx:preview's `prepared.id`), exactly as reviewed, and broadcasts it;
   * ERR_PREPARED_* when it is unknown, signed already, of an ended vault session, too old, or what it rests on
   * changed (docs/design/signing.md).
   */
  'tx:send': {
    request: z.strictObject({
      preparedId,
      /** The person confirmed a fee above the ceiling (ERR_FEE_UNCONFIRMED otherwise). */
      confirmHighFee: z.boolean().optional(),
      /** The vault password, when it was last entered too long ago (tx:sign-password; ERR_PASSWORD_REQUIRED). */
      password: password.optional(),
    }),
    response: sendResult,
  },
  /**
   * Whether signing needs the password again now, and after how many minutes it does (0: never): read without a
   * body, set with one.
   */
  'tx:sign-password': {
    request: z.strictObject({ minutes: z.number().int().min(0).max(1440) }).optional(),
    response: z.strictObject({ minutes: z.number().int(), required: z.boolean() }),
  },
  /** The fees this draft can pay on its network now (the least a node admits, the static fee, the ceiling). */
  'tx:fee-bounds': { request: z.strictObject({ walletId, draft: draftInput }), response: feeBoundsView },
  /**
   * The one review before a signature: the host's preview of a draft, with what a node would refuse in it; when
   * nothing would be and tx:send signs its kind, the transaction prepared for it (`prepared`).
   */
  'tx:preview': { request: z.strictObject({ walletId, draft: draftInput }), response: txPreview },
  /** What a wallet can spend now: its balance less what it has pending (the one "at most" of every form). */
  'tx:spendable': { request: z.strictObject({ walletId }), response: spendableView },
  /** The locks this wallet sent whose secret the vault keeps (until claimed, refunded or expired). */
  'tx:htlc-secrets': { request: z.strictObject({ walletId }), response: z.array(keptLockView) },
  /** A kept lock secret, after the vault password: a lock's preimage to give the recipient, not a wallet key. */
  'tx:htlc-reveal-secret': {
    request: z.strictObject({ walletId, lockId: z.string().regex(/^[0-9a-fA-F]{64}$/), password }),
    response: revealedLockSecret,
  },
  /** The fee ceiling in multiples of the static fee: read without a body, set with one. */
  'tx:fee-ceiling': {
    request: z.strictObject({ multiple: z.number().int().min(1).max(1_000_000) }).optional(),
    response: z.strictObject({ multiple: z.number().int() }),
  },
  'tx:pending': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(pendingView),
  },
  'tx:rebroadcast': { request: z.strictObject({ id: z.string().length(64) }), response: pendingView },
  'tx:dismiss': { request: z.strictObject({ id: z.string().length(64) }), response: nothing },
} as const satisfies Record<ChannelsOf<typeof TRANSACTIONS_NAMES>, ChannelSpec>;
