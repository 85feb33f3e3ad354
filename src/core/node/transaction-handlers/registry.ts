import {
  CoreType,
  MagistrateType,
  TypeGroup,
  internalTypeLabel,
  type TransactionData,
} from '../../protocol/transactions';
import { bridgechainRegistration, bridgechainResignation, bridgechainUpdate } from './bridgechain';
import { businessRegistration, businessResignation, businessUpdate } from './business';
import { delegateRegistration } from './delegate-registration';
import { delegateResignation } from './delegate-resignation';
import { entity } from './entity';
import { ApplyError } from './errors';
import { htlcClaim, htlcLock, htlcRefund } from './htlc';
import { ipfs } from './ipfs';
import { legacyMultiSignature } from './legacy-multi-signature';
import { multiPayment } from './multi-payment';
import { multiSignature } from './multi-signature';
import { secondSignature } from './second-signature';
import { transfer } from './transfer';
import type { TransactionHandler } from './types';
import { vote } from './vote';

const CORE: Record<number, TransactionHandler> = {
  [CoreType.Transfer]: transfer,
  [CoreType.SecondSignature]: secondSignature,
  [CoreType.DelegateRegistration]: delegateRegistration,
  [CoreType.Vote]: vote,
  [CoreType.MultiSignature]: multiSignature,
  [CoreType.Ipfs]: ipfs,
  [CoreType.MultiPayment]: multiPayment,
  [CoreType.DelegateResignation]: delegateResignation,
  [CoreType.HtlcLock]: htlcLock,
  [CoreType.HtlcClaim]: htlcClaim,
  [CoreType.HtlcRefund]: htlcRefund,
};

/**
 * Magistrate types (typeGroup 2): the legacy business and bridgechain types 0–5 (core-magistrate-transactions 3.9.1,
 * active between aip11 and aip36) and Entity (from aip36).
 */
const MAGISTRATE: Record<number, TransactionHandler> = {
  [MagistrateType.BusinessRegistration]: businessRegistration,
  [MagistrateType.BusinessResignation]: businessResignation,
  [MagistrateType.BusinessUpdate]: businessUpdate,
  [MagistrateType.BridgechainRegistration]: bridgechainRegistration,
  [MagistrateType.BridgechainResignation]: bridgechainResignation,
  [MagistrateType.BridgechainUpdate]: bridgechainUpdate,
  [MagistrateType.Entity]: entity,
};

/**
 * Version 1 (before aip11): ARK's `handlers/one/` of core-transactions — transfer, second signature, delegate
 * registration and vote apply as their version 2 forms do (the v2 handlers extend them), nonces aside (common.ts);
 * the legacy multisignature registration has its own handler.
 */
const CORE_V1: Record<number, TransactionHandler> = {
  [CoreType.Transfer]: transfer,
  [CoreType.SecondSignature]: secondSignature,
  [CoreType.DelegateRegistration]: delegateRegistration,
  [CoreType.Vote]: vote,
  [CoreType.MultiSignature]: legacyMultiSignature,
};

/**
 * The handler of a transaction's type. The chain runs Core types 0–10 and Entity, and Core 0–4 in version 1
 * (ARK's history before aip11; whether version 1 is accepted at a height is the protocol's version gate,
 * `deserializeTransaction` and `verifyTransaction`; which Magistrate types are active at a height is
 * `verifyTransaction`'s too).
 */
export function handlerFor(
  tx: Pick<TransactionData, 'typeGroup' | 'type' | 'version'>,
  options: { genesis?: boolean } = {},
): TransactionHandler {
  if (tx.version === 1 && tx.typeGroup === TypeGroup.Core) {
    // ARK's genesis blocks hold v1 transfers, registrations and votes (protocol.md §6.3).
    const handler = options.genesis === true ? CORE[tx.type] : CORE_V1[tx.type];
    if (handler) return handler;
  }
  if (tx.version !== 2)
    throw new ApplyError(`version ${tx.version} transactions of this type are not accepted on this chain`);
  if (tx.typeGroup === TypeGroup.Core) {
    const handler = CORE[tx.type];
    if (handler) return handler;
  }
  if (tx.typeGroup === TypeGroup.Magistrate && Object.hasOwn(MAGISTRATE, tx.type))
    return MAGISTRATE[tx.type]!;
  throw new ApplyError(`unsupported transaction type ${internalTypeLabel(tx.typeGroup, tx.type)}`);
}
