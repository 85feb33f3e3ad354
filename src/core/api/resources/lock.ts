/**
 * The HTLC lock resource (ark-core-api.md §6.17; public-api.md §2.2 "HTLC lock"): ARK's record from core/query
 * (keys in ARK's order, `isExpired` judged against the last block), amounts as integer strings. Shared by /locks
 * and /wallets/{id}/locks.
 */
import type { Lock, LockRecord } from '../../domain';
import type { ApiContext } from '../context';
import { arkJson, type Json } from './json';

export type LockResource = Json<LockRecord>;

/** Locks as the list routes answer them, each judged against the same last block. */
export function lockResources(ctx: ApiContext, locks: readonly Readonly<Lock>[]): LockResource[] {
  return ctx.queries.of.locks.records(locks).map(arkJson);
}
