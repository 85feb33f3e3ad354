/**
 * What the renderer sends to have a transaction signed (a draft — never a key) and what it gets back: the id,
 * the broadcast outcome and the pending entry it can follow until confirmation.
 */
import { z } from 'zod';
import { addressText, amountString, feeString, hex64, positiveAmountString, publicKeyHex } from './common';
import { transactionKind } from './chain-views';

/** A memo (vendor field); the service refuses one that looks like a recovery phrase. */
const memo = z.string().max(255).optional();
/** Custom fee in arktoshi; the network's static fee when absent. */
const fee = feeString.optional();

export const transferDraft = z.strictObject({
  kind: z.literal('transfer'),
  recipientId: addressText,
  amount: positiveAmountString,
  memo,
  fee,
});
export const multiPaymentDraft = z.strictObject({
  kind: z.literal('multiPayment'),
  payments: z
    .array(z.strictObject({ recipientId: addressText, amount: positiveAmountString }))
    .min(2)
    .max(128),
  memo,
  fee,
});
/** Vote, unvote, or both at once (a switch: the unvote is applied first, needs aip37). */
export const voteDraft = z
  .strictObject({
    kind: z.literal('vote'),
    vote: publicKeyHex.optional(),
    unvote: publicKeyHex.optional(),
    fee,
  })
  .refine(
    (draft) => draft.vote !== undefined || draft.unvote !== undefined,
    'name a delegate to vote or unvote',
  );
export const secondSignatureDraft = z.strictObject({
  kind: z.literal('secondSignature'),
  /** Kept in the vault once the registration is accepted; it then co-signs every transaction. */
  secondPassphrase: z.string().min(1).max(1000),
  fee,
});
export const delegateRegistrationDraft = z.strictObject({
  kind: z.literal('delegateRegistration'),
  username: z.string().regex(/^[a-z0-9!@$&_.]{1,20}$/, '1–20 of a–z 0–9 ! @ $ & _ .'),
  fee,
});
export const delegateResignationDraft = z.strictObject({ kind: z.literal('delegateResignation'), fee });
export const htlcLockDraft = z.strictObject({
  kind: z.literal('htlcLock'),
  recipientId: addressText,
  amount: positiveAmountString,
  /** Relative to now: seconds from the current time, or blocks above the current height. */
  expiration: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('time'), afterSeconds: z.number().int().min(1).max(100_000_000) }),
    z.strictObject({ type: z.literal('height'), afterBlocks: z.number().int().min(1).max(100_000_000) }),
  ]),
  memo,
  fee,
});
export const htlcClaimDraft = z.strictObject({
  kind: z.literal('htlcClaim'),
  lockId: hex64,
  /** The lock's secret: 64 hex characters. */
  secret: hex64,
  fee,
});
export const htlcRefundDraft = z.strictObject({ kind: z.literal('htlcRefund'), lockId: hex64, fee });

/**
 * A multisignature wallet's registration (ARK Core 3, aip11): `min` of the `publicKeys` must sign its every
 * transaction. Signed by every participant first, then by this wallet (multisig:* channels; tx:send refuses it).
 */
export const multiSignatureDraft = z.strictObject({
  kind: z.literal('multiSignature'),
  min: z.number().int().min(1).max(16),
  publicKeys: z.array(publicKeyHex).min(2).max(16),
  fee,
});

export const draftInput = z.union([
  transferDraft,
  multiPaymentDraft,
  voteDraft,
  secondSignatureDraft,
  delegateRegistrationDraft,
  delegateResignationDraft,
  htlcLockDraft,
  htlcClaimDraft,
  htlcRefundDraft,
  multiSignatureDraft,
]);
export type DraftInput = z.input<typeof draftInput>;

export const pendingStatus = z.enum(['broadcast', 'in-pool', 'confirmed', 'rejected', 'expired']);
export type PendingStatus = z.output<typeof pendingStatus>;

export const pendingView = z.object({
  id: z.string(),
  networkId: z.string(),
  /** The vault wallet that signed it (absent for faucet transfers). */
  walletId: z.string().optional(),
  sender: z.string(),
  kind: transactionKind,
  amount: amountString,
  /** An HTLC claim or refund: the amount of the lock it closes, which it moves (its own amount is 0). */
  lockAmount: amountString.optional(),
  fee: amountString,
  nonce: amountString,
  recipient: z.string().optional(),
  status: pendingStatus,
  /** The status in plain words, including why it is stuck or was refused. */
  statusText: z.string(),
  /** Set when refused, expired or stuck: what happened and what to do. */
  reason: z.string().optional(),
  /** Block height that confirmed it. */
  height: z.number().int().optional(),
  /**
   * The node (its host) that reports that block, when no node of this app verified it: a remote node's word,
   * not a fact, and said as such.
   */
  reportedBy: z.string().optional(),
  confirmations: z.number().int().optional(),
  /**
   * Confirmed, and no longer read again: a block a node of this app verified, or a remote node's report that a read
   * found a round deep (pending-tracker.ts). A step that builds on this transaction (a vote after its unvote) waits
   * for it; a remote's fresher report is still only its word.
   */
  confirmationFinal: z.boolean(),
  /** Height after which a pool drops it unforged (ARK maxTransactionAge). */
  expiresAtHeight: z.number().int(),
  /** Unix milliseconds. */
  createdAt: z.number(),
  lastBroadcastAt: z.number(),
  broadcastCount: z.number().int(),
});
export type PendingView = z.output<typeof pendingView>;

export const sendResult = z.object({
  id: z.string(),
  /** Accepted into at least one node's pool. */
  accepted: z.boolean(),
  /** The first refusing node's reason, when nobody accepted it. */
  error: z.object({ type: z.string(), message: z.string() }).optional(),
  pending: pendingView,
  /**
   * HTLC lock only: the secret that claims the lock, and its hash (in the transaction). A lock's preimage, not a
   * wallet key; the vault keeps it with the lock until it is claimed or expired (tx:htlc-reveal-secret).
   */
  htlc: z.object({ secret: z.string(), secretHash: z.string() }).optional(),
});
export type SendResult = z.output<typeof sendResult>;

export const faucetResult = z.object({
  transactionId: z.string(),
  address: z.string(),
  amount: amountString,
  /** Always true: localnet tokens have no value. */
  testTokens: z.literal(true),
  note: z.string(),
  pending: pendingView,
});
export type FaucetResult = z.output<typeof faucetResult>;

/** The fees a draft can pay now (tx:fee-bounds): arktoshi strings. */
export const feeBoundsView = z.object({
  /** The least a node admits: the dynamic minimum of this transaction, or the static fee without dynamic fees. */
  minimum: amountString,
  static: amountString,
  /** Above this the person must confirm the fee (tx:fee-ceiling). */
  ceiling: amountString,
  /** False: the network takes exactly the static fee, nothing else. */
  dynamic: z.boolean(),
});
export type FeeBoundsView = z.output<typeof feeBoundsView>;

/** A reason a node would refuse a draft, for the form field it concerns (tx:preview). */
export const draftProblem = z.object({
  /** recipientId, amount, memo, username, vote, lockId, secret, expiration, wallet, or form (the whole draft). */
  field: z.string(),
  message: z.string(),
  /** The typed error it is refused with when it has one of its own (ERR_MEMO_LOOKS_LIKE_PHRASE, ERR_WATCH_ONLY…). */
  code: z.string().optional(),
});
export type DraftProblemView = z.output<typeof draftProblem>;

/**
 * A delegate a vote or unvote goes to: the key signed, the address derived from it by the host, and the username
 * only as the node names that key (its answer for another key names nothing).
 */
export const voteTargetView = z.object({
  action: z.enum(['unvote', 'vote']),
  publicKey: z.string(),
  address: z.string().optional(),
  nodeName: z.string().optional(),
});
export type VoteTargetView = z.output<typeof voteTargetView>;

/**
 * The one review before a signature (tx:preview), computed by the host from the one ledger: who signs, what
 * happens in words, the money in and out of this wallet, the balance before and after counting what it has
 * pending, warnings, and the problems a node would refuse it for (none: it can be signed).
 */
export const txPreview = z.object({
  walletId: z.string(),
  walletName: z.string(),
  address: z.string(),
  kind: transactionKind,
  what: z.string(),
  /** Arktoshi arriving in this wallet's balance (a claim or refund to it). */
  received: amountString,
  /** Arktoshi leaving besides the fee (the amount, the payments, the amount locked). */
  sent: amountString,
  fee: amountString,
  /** sent + fee. */
  totalOut: amountString,
  locked: amountString,
  unlocked: amountString,
  balanceBefore: amountString,
  /** What this wallet's transactions on their way take out of the balance (amounts and fees). */
  pendingOut: amountString,
  /** balanceBefore − pendingOut: the most this wallet can spend now, fee included. */
  spendable: amountString,
  /** balanceBefore − pendingOut − totalOut + received. */
  balanceAfter: amountString,
  lockedBefore: amountString,
  lockedAfter: amountString,
  memo: z.string().optional(),
  /** A vote's targets, unvote first, as signed. */
  votes: z.array(voteTargetView).optional(),
  warnings: z.array(z.string()),
  problems: z.array(draftProblem),
  /**
   * The transaction this review prepared (no problems, a kind tx:send signs): what tx:send signs by `id`, never
   * rebuilt from the form; `unsignedHash` is SHA-256 of its unsigned bytes, `nonce` the one it carries
   * (docs/design/signing.md).
   */
  prepared: z
    .object({
      id: z.string(),
      unsignedHash: z.string(),
      nonce: z.string(),
    })
    .optional(),
});
export type TxPreview = z.output<typeof txPreview>;

/** What a wallet can spend now (tx:spendable): the one maximum every form says. */
export const spendableView = z.object({
  balance: amountString,
  pendingOut: amountString,
  spendable: amountString,
});
export type SpendableView = z.output<typeof spendableView>;

/** A lock whose secret the vault keeps (tx:htlc-secrets): public facts only, never the secret itself. */
export const keptLockView = z.object({
  lockId: z.string(),
  secretHash: z.string(),
  recipientId: z.string(),
  amount: amountString,
  keptAt: z.string(),
});
export type KeptLockView = z.output<typeof keptLockView>;

/** A kept lock secret, shown again after the vault password (tx:htlc-reveal-secret). */
export const revealedLockSecret = keptLockView.extend({ secret: z.string() });
export type RevealedLockSecret = z.output<typeof revealedLockSecret>;
