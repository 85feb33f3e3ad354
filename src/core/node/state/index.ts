/** The derived chain state: wallets, delegates, locks, entities (docs/design/node.md "State and handlers"). */
export type {
  DelegateAttributes,
  Entity,
  EntityData,
  LastBlockRef,
  Lock,
  LockStatus,
  MultiSignatureAttributes,
  Wallet,
} from '../../domain';
export type { StateView } from './types';
export { StateOverlay, entityNameKey, type StateChanges } from './overlay';
export { DatabaseState, DEFAULT_WALLET_CACHE_SIZE, type DatabaseStateOptions } from './db-state';
export { EmptyState } from './empty-state';
export { emptyWallet, cloneWallet, isEmptyWallet } from '../../domain';
export { addBalance, addLockedBalance, castVote, withdrawVote, votingWeight } from './vote-weight';
