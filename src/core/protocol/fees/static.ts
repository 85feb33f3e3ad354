import type { Milestone, StaticFeeKey } from '../networks';
import { ProtocolError } from '../errors';
import {
  CoreType,
  EntityAction,
  MagistrateType,
  TypeGroup,
  internalTypeLabel,
  typeName,
} from '../transactions/constants';
import type { TransactionData } from '../transactions/types';

/** The class defaults, used when a milestone has no static fee for a key (protocol reference §9). */
export const DEFAULT_STATIC_FEES: Readonly<Record<StaticFeeKey, bigint>> = {
  transfer: 10000000n,
  secondSignature: 500000000n,
  delegateRegistration: 2500000000n,
  vote: 100000000n,
  multiSignature: 500000000n,
  ipfs: 500000000n,
  multiPayment: 10000000n,
  delegateResignation: 2500000000n,
  htlcLock: 10000000n,
  htlcClaim: 0n,
  htlcRefund: 0n,
};

/** Magistrate fees are fixed by the classes, not by milestones (§9). */
export const ENTITY_STATIC_FEES = {
  register: 5000000000n,
  update: 500000000n,
  resign: 500000000n,
} as const;
export const LEGACY_MAGISTRATE_STATIC_FEE = 5000000000n;

export type FeeSubject = Pick<TransactionData, 'typeGroup' | 'type' | 'version' | 'asset'>;

/**
 * The static fee of a transaction at a milestone (§9): `fees.staticFees[key]` (else the class default),
 * multiplied by (publicKeys.length + 1) for a multisignature registration; Entity register 50 ARK,
 * update/resign 5 ARK; the legacy business/bridgechain types 50 ARK.
 */
export function staticFee(tx: FeeSubject, milestone: Pick<Milestone, 'fees'>): bigint {
  if (tx.typeGroup === TypeGroup.Magistrate) {
    if (tx.type === MagistrateType.Entity) return entityStaticFee(tx);
    if (tx.type >= 0 && tx.type < MagistrateType.Entity && Number.isInteger(tx.type)) {
      return LEGACY_MAGISTRATE_STATIC_FEE;
    }
  }
  const key = tx.typeGroup === TypeGroup.Core ? typeName(tx.typeGroup, tx.type) : undefined;
  if (key === undefined || !(key in DEFAULT_STATIC_FEES)) {
    throw new ProtocolError(
      'ERR_UNKNOWN_TYPE',
      `Unknown transaction type: ${internalTypeLabel(tx.typeGroup, tx.type)}`,
    );
  }
  const feeKey = key as StaticFeeKey;
  const configured = milestone.fees?.staticFees?.[feeKey];
  const base = configured !== undefined ? BigInt(configured) : DEFAULT_STATIC_FEES[feeKey];
  if (tx.type === CoreType.MultiSignature) {
    const participants =
      tx.asset?.multiSignature?.publicKeys.length ?? tx.asset?.multiSignatureLegacy?.keysgroup.length ?? 0;
    return base * BigInt(participants + 1);
  }
  return base;
}

export function entityStaticFee(tx: Pick<TransactionData, 'asset'>): bigint {
  const action = tx.asset?.action;
  if (action === EntityAction.Register) return ENTITY_STATIC_FEES.register;
  if (action === EntityAction.Update) return ENTITY_STATIC_FEES.update;
  return ENTITY_STATIC_FEES.resign;
}
