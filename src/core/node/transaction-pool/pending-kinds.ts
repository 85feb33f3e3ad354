/**
 * Transactions a sender may have only one of in the pool at a time: ARK Core 3.9.1 refuses a second second-
 * signature registration, delegate registration, vote or multisignature registration of the same sender while
 * one waits, and a second delegate resignation (`throwIfCannotEnterPool` of the handlers in
 * @arkecosystem/core-transactions/dist/handlers/one/vote.js, second-signature-registration.js,
 * delegate-registration.js, multi-signature-registration.js, two/multi-signature-registration.js and
 * two/delegate-resignation.js). The pool reports it as ERR_APPLY, "cannot be applied: " and these words.
 * So a vote change without aip37 is an unvote, then — once it is forged — a vote. The legacy Magistrate types'
 * rules are pending-legacy-magistrate.ts's.
 */
import { CoreType, TypeGroup, type TransactionData } from '../../protocol/transactions';
import type { PoolEntry } from './entry';
import { pendingLegacyMagistrateConflict } from './pending-legacy-magistrate';

const ONE_PER_SENDER: ReadonlySet<number> = new Set([
  CoreType.SecondSignature,
  CoreType.DelegateRegistration,
  CoreType.Vote,
  CoreType.MultiSignature,
]);

/** Why `tx` may not join its sender's queue (ARK's words), or undefined. `username`: the sender's delegate name. */
export function pendingKindConflict(
  tx: TransactionData,
  queue: readonly PoolEntry[],
  username: () => string | undefined,
): string | undefined {
  if (tx.typeGroup === TypeGroup.Magistrate) return pendingLegacyMagistrateConflict(tx, queue);
  if (tx.typeGroup !== TypeGroup.Core) return undefined;
  const sameKind = queue.some((entry) => entry.tx.typeGroup === TypeGroup.Core && entry.tx.type === tx.type);
  if (!sameKind) return undefined;
  if (ONE_PER_SENDER.has(tx.type)) {
    return `Sender ${tx.senderPublicKey} already has a transaction of type '${tx.type}' in the pool`;
  }
  if (tx.type === CoreType.DelegateResignation) {
    return `Delegate resignation for "${username() ?? ''}" already in the pool`;
  }
  return undefined;
}
