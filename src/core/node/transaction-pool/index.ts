/** The transaction pool (docs/design/node.md "Pool"). */
export { TransactionPool, type PoolChain, type TransactionPoolConfig } from './pool';
export type { PoolEntry, AddTransactionsResult } from './entry';
export { PoolError, isPoolError, type PoolErrorCode, type PoolErrorJson } from './errors';
export {
  DEFAULT_POOL_OPTIONS,
  resolvePoolOptions,
  type PoolOptions,
  type PoolOptionsInput,
  type DynamicFeePolicy,
} from './options';
export {
  unsupportedReason,
  minimumFee,
  decodeIncoming,
  wrongNetwork,
  type DecodeResult,
  type PoolCandidate,
} from './admission';
export { describeTransaction } from './describe';
export { GroupedAdmission } from './grouped-admission';
