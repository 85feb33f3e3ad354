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
