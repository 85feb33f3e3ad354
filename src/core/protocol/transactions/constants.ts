/** Type groups, types and their reference keys (protocol reference §4.1, §4.2, §9). */
import { CORE_TRANSACTION_KINDS } from '../../../shared/domain/transaction-kinds';
import type { StaticFeeKey } from '../networks';

export const TypeGroup = {
  Test: 0,
  Core: 1,
  Magistrate: 2,
} as const;

export const CoreType = {
  Transfer: 0,
  SecondSignature: 1,
  DelegateRegistration: 2,
  Vote: 3,
  MultiSignature: 4,
  Ipfs: 5,
  MultiPayment: 6,
  DelegateResignation: 7,
  HtlcLock: 8,
  HtlcClaim: 9,
  HtlcRefund: 10,
} as const;

export const MagistrateType = {
  BusinessRegistration: 0,
  BusinessResignation: 1,
  BusinessUpdate: 2,
  BridgechainRegistration: 3,
  BridgechainResignation: 4,
  BridgechainUpdate: 5,
  Entity: 6,
} as const;

export const EntityAction = {
  Register: 0,
  Update: 1,
  Resign: 2,
} as const;

/** Entity `type` values named by core-magistrate (the schema admits any 0–255). */
export const EntityType = {
  Business: 0,
  Product: 1,
  Plugin: 2,
  Module: 3,
  Delegate: 4,
} as const;

export const HtlcExpiration = {
  EpochTimestamp: 1,
  BlockHeight: 2,
} as const;

/** The Core type keys are the milestone's static-fee keys (protocol reference §9: one fee per Core type). */
export type CoreTypeKey = StaticFeeKey;

export type MagistrateTypeKey =
  | 'businessRegistration'
  | 'businessResignation'
  | 'businessUpdate'
  | 'bridgechainRegistration'
  | 'bridgechainResignation'
  | 'bridgechainUpdate'
  | 'entity';

export type TransactionTypeKey = CoreTypeKey | MagistrateTypeKey;

/** By type number (the list the renderer names kinds by, shared/domain/transaction-kinds.ts). */
const CORE_KEYS: readonly CoreTypeKey[] = CORE_TRANSACTION_KINDS;

const MAGISTRATE_KEYS: readonly MagistrateTypeKey[] = [
  'businessRegistration',
  'businessResignation',
  'businessUpdate',
  'bridgechainRegistration',
  'bridgechainResignation',
  'bridgechainUpdate',
  'entity',
];

/** The reference's transaction `key` (also the static-fee and addonBytes key), or undefined for unknown types. */
export function typeName(typeGroup: number, type: number): TransactionTypeKey | undefined {
  if (typeGroup === TypeGroup.Core) return CORE_KEYS[type];
  if (typeGroup === TypeGroup.Magistrate) return MAGISTRATE_KEYS[type];
  return undefined;
}

/** "Core/99" as in the reference's "Unknown transaction type: Core/99" (§4.5 step 2). */
export function internalTypeLabel(typeGroup: number, type: number): string {
  const group =
    typeGroup === TypeGroup.Core
      ? 'Core'
      : typeGroup === TypeGroup.Magistrate
        ? 'Magistrate'
        : typeGroup === TypeGroup.Test
          ? 'Test'
          : String(typeGroup);
  return `${group}/${type}`;
}

/** Only transfer, multipayment and HTLC lock carry a vendorField (§4.1). */
export function hasVendorField(typeGroup: number, type: number): boolean {
  return (
    typeGroup === TypeGroup.Core &&
    (type === CoreType.Transfer || type === CoreType.MultiPayment || type === CoreType.HtlcLock)
  );
}

/** int64 maximum: the reference writes u64 fields as signed int64 (§4.1, §5). */
export const INT64_MAX = 9223372036854775807n;

/** Multipayment limit when the milestone sets none (§5). */
export const DEFAULT_MULTI_PAYMENT_LIMIT = 256;
