/**
 * Open HTLC locks (ark-core-api.md §6.7, §6.17): the chain state's locks from the read model and ARK's record,
 * `isExpired` judged against the last block as ARK's lock search service does.
 */
import type { Lock, LockRecord } from '../domain';
import type { ListRequest } from '../db/read-model/list-request';
import { listLocks, openLockById, type LockScope } from '../db/read-model/locks';
import type { PageRows } from '../db/read-model/sql/page-query';
import { formatTimestamp } from '../protocol/time';
import type { QueryContext } from './context';

export type { LockScope };

/** The last block a lock's expiry is judged against. */
export interface ExpiryTip {
  height: number;
  timestamp: number;
}

/** ARK: expired once the tip reached the expiration (type 1: epoch seconds, type 2: block height). */
export function isLockExpiredAt(lock: Pick<Lock, 'expiration'>, tip: ExpiryTip): boolean {
  return lock.expiration.type === 1
    ? lock.expiration.value <= tip.timestamp
    : lock.expiration.value <= tip.height;
}

export class LockQueries {
  constructor(private readonly ctx: QueryContext) {}

  list(request: ListRequest, scope?: LockScope): PageRows<Lock> {
    return listLocks(this.ctx.read, request, scope);
  }

  /** An open lock (ARK answers 404 once a lock is claimed or refunded: it left wallet state). */
  open(id: string): Lock | undefined {
    return openLockById(this.ctx.read, id.toLowerCase());
  }

  /** ARK's records, each judged against the same last block. */
  records(locks: readonly Readonly<Lock>[]): LockRecord[] {
    const last = this.ctx.source.node.chain.lastBlock();
    const tip = { height: last.height, timestamp: last.timestamp };
    const { network } = this.ctx.read;
    return locks.map((lock) => ({
      lockId: lock.id,
      senderPublicKey: lock.senderPublicKey,
      isExpired: isLockExpiredAt(lock, tip),
      amount: lock.amount,
      secretHash: lock.secretHash,
      recipientId: lock.recipientAddress,
      timestamp: formatTimestamp(lock.timestamp, network),
      expirationType: lock.expiration.type,
      expirationValue: lock.expiration.value,
      ...(lock.vendorField === undefined ? {} : { vendorField: lock.vendorField }),
    }));
  }
}
