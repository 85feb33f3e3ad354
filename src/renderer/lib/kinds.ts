/** Transaction types in a person's words (the names ARK's explorers use), for lists, details and the explorer. */
import type { TransactionKind } from '../../shared/domain/chain-views';

const KIND_LABELS: Record<TransactionKind, string> = {
  transfer: 'Transfer',
  secondSignature: 'Second signature registration',
  delegateRegistration: 'Delegate registration',
  vote: 'Vote',
  multiSignature: 'Multisignature registration',
  ipfs: 'IPFS',
  multiPayment: 'Multipayment',
  delegateResignation: 'Delegate resignation',
  htlcLock: 'HTLC lock',
  htlcClaim: 'HTLC claim',
  htlcRefund: 'HTLC refund',
  other: 'Other',
};

export function kindLabel(tx: { kind: TransactionKind; type?: number; typeGroup?: number }): string {
  if (tx.kind !== 'other' || tx.type === undefined) return KIND_LABELS[tx.kind];
  return `Type ${tx.type} (group ${tx.typeGroup ?? 1})`;
}
