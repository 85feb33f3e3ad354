import { milestoneAt, type Milestone, type Network } from '../../protocol/networks';

/** Where a transaction is being applied. */
export interface HandlerContext {
  network: Network;
  /** Height of the block the transaction goes into (for the pool: the next block's height). */
  height: number;
  /** The chain tip before that block: HTLC expirations are measured against it (protocol.md §5). */
  lastBlock: { height: number; timestamp: number };
  /** Timestamp of the block the transaction goes into (recorded on HTLC locks); defaults to lastBlock's. */
  timestamp?: number;
}

export function milestoneOf(ctx: HandlerContext): Milestone {
  return milestoneAt(ctx.network, ctx.height);
}

export function blockTimestampOf(ctx: HandlerContext): number {
  return ctx.timestamp ?? ctx.lastBlock.timestamp;
}
