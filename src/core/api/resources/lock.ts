/**
 * The HTLC lock resource (ark-core-api.md §6.17; public-api.md §2.2 "HTLC lock"): amounts as integer strings,
 * the lock block's `{epoch, unix, human}` timestamp, and `isExpired` judged against the chain tip as ARK's lock
 * search service does. Shared by /locks and /wallets/{id}/locks.
 */
import type { Lock } from '../../domain';
import type { Network } from '../../protocol/networks';
import type { ApiContext } from '../context';
import { formatTimestamp, type TimestampObject } from '../../protocol/time';

export interface LockResource {
  lockId: string;
  senderPublicKey: string;
  isExpired: boolean;
  amount: string;
  secretHash: string;
  recipientId: string;
  timestamp: TimestampObject;
  expirationType: number;
  expirationValue: number;
  vendorField?: string;
}

/** The last block a lock's expiry is judged against. */
export interface ChainTip {
  height: number;
  timestamp: number;
}

/** ARK: expired once the tip reached the expiration (type 1: epoch seconds, type 2: block height). */
export function isLockExpiredAt(lock: Pick<Lock, 'expiration'>, tip: ChainTip): boolean {
  return lock.expiration.type === 1
    ? lock.expiration.value <= tip.timestamp
    : lock.expiration.value <= tip.height;
}

/** A lock in ARK's shape, keys in ARK's order; `vendorField` only when the lock transaction had one. */
export function lockResource(network: Network, lock: Readonly<Lock>, tip: ChainTip): LockResource {
  const resource: LockResource = {
    lockId: lock.id,
    senderPublicKey: lock.senderPublicKey,
    isExpired: isLockExpiredAt(lock, tip),
    amount: lock.amount.toString(),
    secretHash: lock.secretHash,
    recipientId: lock.recipientAddress,
    timestamp: formatTimestamp(lock.timestamp, network),
    expirationType: lock.expiration.type,
    expirationValue: lock.expiration.value,
  };
  if (lock.vendorField !== undefined) resource.vendorField = lock.vendorField;
  return resource;
}

/** The last block, which `isExpired` is judged against. */
export function chainTipOf(ctx: ApiContext): ChainTip {
  const last = ctx.node.store.lastBlock();
  return { height: last.height, timestamp: last.timestamp };
}

/** Locks as the list routes answer them, each judged against the same last block. */
export function lockResources(ctx: ApiContext, locks: readonly Readonly<Lock>[]): LockResource[] {
  const tip = chainTipOf(ctx);
  return locks.map((lock) => lockResource(ctx.network, lock, tip));
}
