import { milestoneAt, transactionRulesHeight, type Milestone, type Network } from '../../protocol/networks';

/** Where a transaction is being applied. */
export interface HandlerContext {
  network: Network;
  /** Height of the block the transaction goes into (for the pool: the next block's height). */
  height: number;
  /** The chain tip before that block: HTLC expirations are measured against it (protocol.md §5). */
  lastBlock: { height: number; timestamp: number };
  /** Timestamp of the block the transaction goes into (recorded on HTLC locks); defaults to lastBlock's. */
  timestamp?: number;
  /** Rules a followed chain was forged under, when they differ from ARK's defaults. */
  rules?: ChainRules;
}

/**
 * How a chain's forgers relaxed ARK's rules. `arkTestMode`: ARK Core run with `--env=test` (the only way one node
 * forges alone, as the ARK Core testnet used for interop does) accepts HTLC locks that expire less than a round
 * ahead (core-transactions `handlers/two/htlc-lock.ts`, `CORE_ENV === "test"`): a chain it forged holds such locks.
 */
export interface ChainRules {
  arkTestMode?: boolean;
}

/**
 * The milestone a transaction rule reads: the one before the block's height (networks `transactionRulesHeight`:
 * ARK's configured height is the last applied block's while a block's transactions are checked, and the chain
 * tip's in the pool).
 */
export function milestoneOf(ctx: HandlerContext): Milestone {
  return milestoneAt(ctx.network, transactionRulesHeight(ctx.height));
}

export function blockTimestampOf(ctx: HandlerContext): number {
  return ctx.timestamp ?? ctx.lastBlock.timestamp;
}
