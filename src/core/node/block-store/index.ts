/** The chain: blocks, derived state, rounds and supply in SQLite (docs/design/node.md "Storage"). */
export { BlockStore } from './store';
export type { ApplyBlockOptions, BlockStoreOptions, Supply } from './options';
export { applyBatch, type BatchResult } from './apply-batch';
export { BlockRejectedError, isBlockRejectedError, type BlockRejectionCode } from './errors';
export { verifyChain, verifyChainInParallel, type ChainVerification } from './verify-chain';
export { selectRound, type RoundSelection } from './rounds';
