/** The chain state's records, shared by node/ (which derives them), db/ (which stores them) and api/. */
export type {
  BridgechainAsset,
  BridgechainAttributes,
  BusinessAsset,
  BusinessAttributes,
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
