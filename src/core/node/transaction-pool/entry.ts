import type { TransactionData } from '../../protocol/transactions';
import type { Prioritized } from './priority';

/** A pooled transaction: decoded, with its canonical bytes and when it arrived. */
export interface PoolEntry extends Prioritized {
  id: string;
  tx: TransactionData;
  bytes: Uint8Array;
  senderPublicKey: string;
  nonce: bigint;
  /** Chain height when the pool accepted it: the start of its maximum age (PoolOptions.maxTransactionAge). */
  receivedHeight: number;
  /** Unix milliseconds. */
  receivedAt: number;
}

/** What POST /api/transactions answers (ark-core-api.md §7), with `errors` keyed by transaction id. */
export interface AddTransactionsResult {
  accept: string[];
  broadcast: string[];
  excess: string[];
  invalid: string[];
  errors: Record<string, { type: string; message: string }>;
}

/** When and how a transaction reached the pool. */
export interface Arrival {
  receivedHeight: number;
  /** Unix milliseconds. */
  receivedAt: number;
  /** The row is on disk already (restart, revert): do not write it again. */
  stored?: boolean;
  /** Its sender signature was verified by this process before: skip that check. */
  signatureVerified?: boolean;
}
