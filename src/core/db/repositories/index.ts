/** Table access with prepared statements created once per connection (one class per table group). */
export { WalletRepository } from './wallets';
export { LockRepository } from './locks';
export { EntityRepository } from './entities';
export { BlockRepository, type StoredTransaction } from './blocks';
export { RoundRepository, type RoundSlot } from './rounds';
export { MetaRepository } from './meta';
export { PoolRepository, type PoolRow } from './pool';
