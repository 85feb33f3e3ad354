/** The chain: blocks, derived state, rounds and supply in SQLite (docs/design/node.md "Storage"). */
export { BlockStore, type ApplyBlockOptions, type BlockStoreOptions, type Supply } from './store';
export { applyBatch, type BatchResult } from './apply-batch';
export { BlockRejectedError, isBlockRejectedError, type BlockRejectionCode } from './errors';
export { verifyChain, verifyChainInParallel, type ChainVerification } from './verify-chain';
export { selectRound, type RoundSelection } from './rounds';
