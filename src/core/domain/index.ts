/** The chain state's records, shared by node/ (which derives them), db/ (which stores them) and api/. */
export type {
  DelegateAttributes,
  Entity,
  EntityData,
  LastBlockRef,
  Lock,
  LockStatus,
  MultiSignatureAttributes,
  Wallet,
} from './chain-state';
export { emptyWallet, cloneWallet, cloneLock, cloneEntity, isEmptyWallet } from './wallet';
export {
  NO_EFFECT,
  balanceChange,
  effectOn,
  lockedChange,
  spendable,
  totalEffect,
  type LedgerEffect,
  type LedgerLock,
  type LedgerTransaction,
} from './ledger';
export type {
  BlockRecord,
  DelegateRecord,
  EntityRecord,
  LockRecord,
  Page,
  PageMeta,
  PeerRecord,
  RoundDelegateRecord,
  Timestamp,
  TransactionRecord,
  WalletAttributesRecord,
  WalletDelegateAttribute,
  WalletRecord,
} from './chain-records';
export type {
  Blockchain,
  CryptoConfiguration,
  FeeStatistic,
  GenesisSummary,
  MilestoneRecord,
  NetworkConstants,
  NetworkParameters,
  NodeConfiguration,
  NodeFees,
  NodeStatus,
  NodeSyncing,
  RandomValues,
  StaticFees,
} from './node-records';
export {
  NotFoundError,
  isNotFoundError,
  type CallOptions,
  type ChainReader,
  type ListQuery,
  type QueryValue,
} from './chain-reader';
