import {
  CoreType,
  MagistrateType,
  TypeGroup,
  internalTypeLabel,
  type TransactionData,
} from '../../protocol/transactions';
import { delegateRegistration } from './delegate-registration';
import { delegateResignation } from './delegate-resignation';
import { entity } from './entity';
import { ApplyError } from './errors';
import { htlcClaim, htlcLock, htlcRefund } from './htlc';
import { ipfs } from './ipfs';
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
 * The handler of a transaction's type. The chain runs Core types 0–10 and Entity; the legacy business and
 * bridgechain types (Magistrate 0–5, retired by aip36) are not supported.
 */
export function handlerFor(
  tx: Pick<TransactionData, 'typeGroup' | 'type' | 'version'>,
  options: { genesis?: boolean } = {},
): TransactionHandler {
  // Version 1 only in a genesis block: ARK's presets hold v1 transfers, registrations and votes (protocol.md §6.3),
  // which apply exactly as their v2 forms do (ARK testnet's genesis delegates show nonce 2 after their two).
  if (tx.version !== 2 && !(options.genesis === true && tx.version === 1))
    throw new ApplyError(`version ${tx.version} transactions are not accepted on this chain`);
  if (tx.typeGroup === TypeGroup.Core) {
    const handler = CORE[tx.type];
    if (handler) return handler;
  }
  if (tx.typeGroup === TypeGroup.Magistrate && tx.type === MagistrateType.Entity) return entity;
  throw new ApplyError(`unsupported transaction type ${internalTypeLabel(tx.typeGroup, tx.type)}`);
}
