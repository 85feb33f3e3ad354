/** What the follower needs of the node it feeds (LocalNode started with `followed`). */
import type { BatchResult } from '../node/block-store';
import type { Block, BlockHeader } from '../protocol/blocks';

export interface FollowedNode {
  readonly height: number;
  lastBlock(): BlockHeader;
  /** The round's forgers in forging order as our own state scheduled them (empty for a round not started here). */
  roundDelegates(round: number): string[];
  /** The stored header at a height, if any. */
  headerAt(height: number): BlockHeader | undefined;
  /**
   * Validates each block completely and stores the blocks in one SQLite transaction (docs/design/sync.md "Batched
   * commits"). The first block refused by `before` or by validation (BlockRejectedError) ends the batch: the blocks
   * before it are committed, it is returned with its error. A local fault commits nothing of the batch and throws.
   */
  applyBlocks(blocks: readonly Block[], before?: (block: Block) => void): BatchResult;
  /** Reverts the last `count` blocks; their transactions go back to the pool when still valid. */
  revertBlocks(count: number): Block[];
  /** Verifies the blocks' signatures ahead on the worker threads, so that applying them finds the verdicts. */
  prepareBlocks(blocks: readonly Block[]): Promise<void>;
}
