/** The derived chain state: wallets, delegates, locks, entities (docs/design/node.md "State and handlers"). */
// The records the state is made of live below the node (docs/design/architecture.md "Layers").
export * from '../../domain';
export type { StateView } from './types';
export { StateOverlay, entityNameKey, type StateChanges } from './overlay';
export { DatabaseState, DEFAULT_WALLET_CACHE_SIZE, type DatabaseStateOptions } from './db-state';
export { EmptyState } from './empty-state';
export { addBalance, addLockedBalance, castVote, withdrawVote, votingWeight } from './vote-weight';
