/** Chain data read from the active network's node, shaped for the screens; amounts as decimal strings. */
import { z } from 'zod';
import { amountString, timestampView } from './common';
import { CORE_TRANSACTION_KINDS } from './transaction-kinds';

export const delegateSummary = z.object({
  username: z.string(),
  votes: amountString,
  rank: z.number().int().optional(),
  resigned: z.boolean(),
  producedBlocks: z.number().int(),
  forgedFees: amountString,
  forgedRewards: amountString,
});

export const chainWallet = z.object({
  address: z.string(),
  /** False when the chain has never seen the address (a cold wallet: ARK answers 404). */
  known: z.boolean(),
  publicKey: z.string().optional(),
  balance: amountString,
  nonce: amountString,
  lockedBalance: amountString,
  /** Public key of the delegate this wallet votes for. */
  vote: z.string().optional(),
  secondPublicKey: z.string().optional(),
  multiSignature: z.object({ min: z.number().int(), publicKeys: z.array(z.string()) }).optional(),
  delegate: delegateSummary.optional(),
});
export type ChainWallet = z.output<typeof chainWallet>;

export const transactionKind = z.enum([...CORE_TRANSACTION_KINDS, 'other']);
export type TransactionKind = z.output<typeof transactionKind>;

export const transactionDirection = z.enum(['sent', 'received', 'self']);

export const transactionView = z.object({
  id: z.string(),
  blockId: z.string().optional(),
  type: z.number().int(),
  typeGroup: z.number().int(),
  kind: transactionKind,
  amount: amountString,
  fee: amountString,
  sender: z.string(),
  senderPublicKey: z.string(),
  recipient: z.string(),
  memo: z.string().optional(),
  confirmations: z.number().int(),
  /** Absent while the transaction is only in a pool. */
  timestamp: timestampView.optional(),
  nonce: amountString.optional(),
  /** Relative to the wallet the list was asked for. */
  direction: transactionDirection.optional(),
  votes: z.array(z.string()).optional(),
  payments: z.array(z.object({ recipientId: z.string(), amount: amountString })).optional(),
  delegateUsername: z.string().optional(),
  /** HTLC: the lock's secret hash and expiration, or the lock a claim/refund spends. */
  lock: z
    .object({
      secretHash: z.string(),
      expirationType: z.enum(['time', 'height']),
      expirationValue: z.number().int(),
    })
    .optional(),
  lockId: z.string().optional(),
  /**
   * What the transaction did to the wallet the list was asked for, from the one ledger (core/domain/ledger.ts):
   * arktoshi received, sent besides the fee, the fee paid, moved into and out of its locked balance.
   */
  effect: z
    .object({
      received: amountString,
      sent: amountString,
      fee: amountString,
      locked: amountString,
      unlocked: amountString,
    })
    .optional(),
  /** A claim or refund in a wallet's history: the lock it closed. */
  lockOf: z.object({ sender: z.string(), recipient: z.string(), amount: amountString }).optional(),
  /** A lock in a wallet's history: how it was closed, once it was. */
  closedBy: z.enum(['htlcClaim', 'htlcRefund']).optional(),
});
export type TransactionView = z.output<typeof transactionView>;

export const delegateView = z.object({
  username: z.string(),
  address: z.string(),
  publicKey: z.string(),
  votes: amountString,
  rank: z.number().int().optional(),
  isResigned: z.boolean(),
  producedBlocks: z.number().int(),
  lastBlockHeight: z.number().int().optional(),
  /** Percent of the supply voting for this delegate (ark-core-api.md §10). */
  approval: z.number(),
  forgedTotal: amountString,
});
export type DelegateView = z.output<typeof delegateView>;

export const lockView = z.object({
  lockId: z.string(),
  senderPublicKey: z.string(),
  /** The sender's address (from its public key, on the lock's network). */
  senderAddress: z.string().optional(),
  recipientId: z.string(),
  amount: amountString,
  secretHash: z.string(),
  isExpired: z.boolean(),
  expirationType: z.enum(['time', 'height']),
  /** Epoch seconds (time) or a block height. */
  expirationValue: z.number().int(),
  /** Unix seconds at which a time lock expires (for countdowns). */
  expiresAtUnix: z.number().int().optional(),
  timestamp: timestampView,
  memo: z.string().optional(),
});
export type LockView = z.output<typeof lockView>;

/**
 * Where a lock is in its life: its transaction waiting in a pool, open, expired (refundable), closed by a claim or
 * a refund, or not known to the node (never arrived, or dropped from the pool).
 */
export const lockStateView = z.object({
  lockId: z.string(),
  state: z.enum(['pending', 'open', 'expired', 'claimed', 'refunded', 'unknown']),
  /** The open lock, while it is open or expired. */
  lock: lockView.optional(),
  /** The claim or refund that closed it. */
  closedBy: z.string().optional(),
});
export type LockStateView = z.output<typeof lockStateView>;

export const blockView = z.object({
  id: z.string(),
  height: z.number().int(),
  generator: z.object({ username: z.string().optional(), address: z.string(), publicKey: z.string() }),
  transactions: z.number().int(),
  reward: amountString,
  fee: amountString,
  amount: amountString,
  confirmations: z.number().int(),
  timestamp: timestampView,
});
export type BlockView = z.output<typeof blockView>;

const feeStat = z.object({ min: amountString, avg: amountString, max: amountString, sum: amountString });
export const feesView = z.object({
  /** Static fees by typeGroup and type key (`/transactions/fees`). */
  static: z.record(z.string(), z.record(z.string(), amountString)),
  /** Fee statistics by typeGroup and type key (`/node/fees`). */
  stats: z.object({
    days: z.number().int().optional(),
    byTypeGroup: z.record(z.string(), z.record(z.string(), feeStat)),
  }),
});
export type FeesView = z.output<typeof feesView>;

export const nodeStatusView = z.object({
  networkId: z.string(),
  height: z.number().int(),
  blockId: z.string(),
  synced: z.boolean(),
  syncing: z.boolean(),
  /** How many blocks the node is behind the network. */
  blocksBehind: z.number().int(),
  /** 0..1. */
  progress: z.number(),
});
export type NodeStatusView = z.output<typeof nodeStatusView>;

export const nodeConfigurationView = z.object({
  networkId: z.string(),
  nethash: z.string(),
  token: z.string(),
  symbol: z.string(),
  explorer: z.string().optional(),
  version: z.string(),
  pubKeyHash: z.number().int(),
  ports: z.record(z.string(), z.number().nullable()),
  constants: z.object({
    blocktime: z.number().int(),
    activeDelegates: z.number().int(),
    epoch: z.string(),
    reward: amountString,
    vendorFieldLength: z.number().int().optional(),
    multiPaymentLimit: z.number().int().optional(),
    htlcEnabled: z.boolean().optional(),
    aip37: z.boolean().optional(),
  }),
});
export type NodeConfigurationView = z.output<typeof nodeConfigurationView>;

export const peerStatusView = z.object({
  url: z.string(),
  score: z.number(),
  health: z.number(),
  latencyMs: z.number().optional(),
  height: z.number().int().optional(),
  lastError: z.object({ code: z.string(), message: z.string(), at: z.number() }).optional(),
  backoffUntil: z.number().optional(),
  rateLimited: z.boolean(),
});
export type PeerStatusView = z.output<typeof peerStatusView>;

export const blockEvent = z.object({
  networkId: z.string(),
  height: z.number().int(),
  id: z.string(),
  transactions: z.number().int(),
  /** Unix milliseconds when the block was seen. */
  at: z.number(),
});
export type BlockEvent = z.output<typeof blockEvent>;

export const syncEvent = z.object({
  networkId: z.string(),
  height: z.number().int(),
  syncing: z.boolean(),
  blocksBehind: z.number().int(),
  progress: z.number(),
});
export type SyncEvent = z.output<typeof syncEvent>;
