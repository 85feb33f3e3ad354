/**
 * What the legacy business and bridgechain types (Magistrate 0–5, applied between aip11 and aip36) allow a sender
 * to have waiting in the pool, from ARK Core 3.9.1's core-magistrate-transactions `src/handlers/*.ts`
 * `throwIfCannotEnterPool`: one business registration, one business resignation and one business update per
 * sender (`business-registration.ts`, `business-resignation.ts`, `business-update.ts`), one bridgechain
 * resignation and one bridgechain update per sender and bridgechain (`bridgechain-resignation.ts`,
 * `bridgechain-update.ts`). A bridgechain registration has no such rule in ARK (`bridgechain-registration.ts`
 * defines none): a second one with the same name or genesis hash is refused when it is applied to the pool's state.
 */
import { MagistrateType, TypeGroup, type TransactionData } from '../../protocol/transactions';
import type { PoolEntry } from './entry';

const ONE_BUSINESS_CHANGE: Readonly<Record<number, string>> = {
  [MagistrateType.BusinessRegistration]: 'Business registration',
  [MagistrateType.BusinessResignation]: 'Business resignation',
  [MagistrateType.BusinessUpdate]: 'Business update',
};

/** The bridgechain a resignation or update names. */
function bridgechainOf(tx: TransactionData): string | undefined {
  if (tx.type === MagistrateType.BridgechainResignation)
    return tx.asset?.bridgechainResignation?.bridgechainId;
  if (tx.type === MagistrateType.BridgechainUpdate) return tx.asset?.bridgechainUpdate?.bridgechainId;
  return undefined;
}

/** Why the legacy magistrate `tx` may not join its sender's queue (ARK's words), or undefined. */
export function pendingLegacyMagistrateConflict(
  tx: TransactionData,
  queue: readonly PoolEntry[],
): string | undefined {
  if (tx.typeGroup !== TypeGroup.Magistrate) return undefined;
  const sameKind = queue.filter(
    (entry) => entry.tx.typeGroup === TypeGroup.Magistrate && entry.tx.type === tx.type,
  );
  if (sameKind.length === 0) return undefined;
  const business = ONE_BUSINESS_CHANGE[tx.type];
  if (business !== undefined) return `${business} already in the pool`;
  const bridgechainId = bridgechainOf(tx);
  if (bridgechainId === undefined) return undefined;
  if (!sameKind.some((entry) => bridgechainOf(entry.tx) === bridgechainId)) return undefined;
  const kind = tx.type === MagistrateType.BridgechainResignation ? 'resignation' : 'update';
  return `Bridgechain ${kind} for bridgechainId "${bridgechainId}" already in the pool`;
}
