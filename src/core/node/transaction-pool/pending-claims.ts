/**
 * Names that are unique on the whole chain and that a pooled transaction claims before any block holds it: a
 * delegate username, an entity's (type, name), an IPFS hash; and a lock, which one claim and one refund may spend. Each sender's queue is checked on its own overlay,
 * which cannot see another sender's pending registration, so two senders could otherwise both enter the pool
 * with the same username and one of them would fail only at block assembly. ARK's pool refuses the second one
 * up front (its pool wallet index in 2.x; `throwIfCannotEnterPool` of the delegate-registration, entity and IPFS
 * handlers in 3.x); so does this index, with ERR_APPLY.
 */
import {
  CoreType,
  EntityAction,
  MagistrateType,
  TypeGroup,
  type TransactionData,
} from '../../protocol/transactions';
import { PoolError } from './errors';

interface Claim {
  key: string;
  /** How a message names it. */
  label: string;
  /** ARK Core's own words when it has them (its HTLC handlers): used instead of the label's sentence. */
  taken?: string;
}

/** A lock spent by a claim or a refund, in ARK Core's words when another one of the same kind waits. */
function lockClaims(kind: 'HtlcClaim' | 'HtlcRefund', lockId: string | undefined): Claim[] {
  if (lockId === undefined) return [];
  return [
    {
      key: `${kind}:${lockId}`,
      label: `the lock ${lockId}`,
      taken: `${kind} for "${lockId}" already in the pool`,
    },
  ];
}

/** The unique names `tx` claims (none for most types). */
export function claimsOf(tx: TransactionData): Claim[] {
  if (tx.typeGroup === TypeGroup.Core && tx.type === CoreType.DelegateRegistration) {
    const username = tx.asset?.delegate?.username;
    return username === undefined
      ? []
      : [{ key: `delegate:${username}`, label: `the delegate username "${username}"` }];
  }
  // One claim and one refund per lock at a time, each its own index as in ARK Core 3.9.1
  // (core-transactions handlers/two/htlc-claim.js and htlc-refund.js, `throwIfCannotEnterPool`).
  if (tx.typeGroup === TypeGroup.Core && tx.type === CoreType.HtlcClaim) {
    return lockClaims('HtlcClaim', tx.asset?.claim?.lockTransactionId);
  }
  if (tx.typeGroup === TypeGroup.Core && tx.type === CoreType.HtlcRefund) {
    return lockClaims('HtlcRefund', tx.asset?.refund?.lockTransactionId);
  }
  if (tx.typeGroup === TypeGroup.Core && tx.type === CoreType.Ipfs) {
    const hash = tx.asset?.ipfs;
    return hash === undefined ? [] : [{ key: `ipfs:${hash}`, label: `the IPFS hash ${hash}` }];
  }
  if (tx.typeGroup === TypeGroup.Magistrate && tx.type === MagistrateType.Entity) {
    const asset = tx.asset;
    const name = asset?.data?.name;
    if (asset?.action !== EntityAction.Register || asset.type === undefined || name === undefined) return [];
    return [
      {
        key: `entity:${asset.type}:${name}`,
        label: `the entity name "${name}" (type ${asset.type})`,
      },
    ];
  }
  return [];
}

/** Which pooled transaction holds each claimed name. */
export class PendingClaims {
  private readonly owners = new Map<string, string>();

  /** ERR_APPLY when another pooled transaction already claims one of `tx`'s names. */
  check(tx: TransactionData, id: string, describe: () => string): void {
    for (const claim of claimsOf(tx)) {
      const owner = this.owners.get(claim.key);
      if (owner !== undefined && owner !== id) {
        throw new PoolError(
          'ERR_APPLY',
          `${describe()} cannot be applied: ${
            claim.taken ?? `${claim.label} is already claimed by transaction ${owner} in the pool`
          }`,
        );
      }
    }
  }

  add(tx: TransactionData, id: string): void {
    for (const claim of claimsOf(tx)) this.owners.set(claim.key, id);
  }

  remove(tx: TransactionData, id: string): void {
    for (const claim of claimsOf(tx)) {
      if (this.owners.get(claim.key) === id) this.owners.delete(claim.key);
    }
  }

  clear(): void {
    this.owners.clear();
  }
}
