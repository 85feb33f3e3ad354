/** What the follower needs of the node it feeds (LocalNode started with `followed`). */
import type { Block, BlockHeader } from '../protocol/blocks';

export interface FollowedNode {
  readonly height: number;
  lastBlock(): BlockHeader;
  /** The round's forgers in forging order as our own state scheduled them (empty for a round not started here). */
  roundDelegates(round: number): string[];
  /** The stored header at a height, if any. */
  headerAt(height: number): BlockHeader | undefined;
  /** Validates the block completely and stores it, or throws (BlockRejectedError) with nothing changed. */
  applyBlock(block: Block): void;
  /** Reverts the last `count` blocks; their transactions go back to the pool when still valid. */
  revertBlocks(count: number): Block[];
  /** Verifies the blocks' signatures ahead on the worker threads, so that applying them finds the verdicts. */
  prepareBlocks(blocks: readonly Block[]): Promise<void>;
}
