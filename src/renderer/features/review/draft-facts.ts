/**
 * The numbers a review shows for a draft (ReviewDialog): the amount that leaves the wallet, the fee the draft pays
 * (its own, or the network's static fee for its type), the total, and the balance after. Pure, with bigint only.
 */
import type { FeesView } from '../../../shared/domain/chain';
import type { DraftInput } from '../../../shared/domain/transactions';
import { feeFor } from '../../lib/fees';

/** ARK's type name and number of each kind of draft (Core type group), for the fee tables. */
const TYPES: Record<DraftInput['kind'], [string, number]> = {
  transfer: ['transfer', 0],
  secondSignature: ['secondSignature', 1],
  delegateRegistration: ['delegateRegistration', 2],
  vote: ['vote', 3],
  multiPayment: ['multiPayment', 6],
  delegateResignation: ['delegateResignation', 7],
  htlcLock: ['htlcLock', 8],
  htlcClaim: ['htlcClaim', 9],
  htlcRefund: ['htlcRefund', 10],
};

export interface DraftFacts {
  /** Arktoshi leaving the wallet besides the fee. */
  amount: string;
  /** Undefined when neither the draft nor the network's fee table says it. */
  fee: string | undefined;
  total: string | undefined;
  /** Undefined when the balance or the fee is unknown. */
  balanceAfter: string | undefined;
}

export function draftFacts(
  draft: DraftInput,
  fees: FeesView | undefined,
  balance: string | undefined,
): DraftFacts {
  const [typeName, type] = TYPES[draft.kind];
  const fee = draft.fee ?? feeFor(fees, typeName, type, 'static');
  const amount =
    draft.kind === 'transfer' || draft.kind === 'htlcLock'
      ? draft.amount
      : draft.kind === 'multiPayment'
        ? draft.payments.reduce((sum, p) => sum + BigInt(p.amount), 0n).toString()
        : '0';
  const total = fee === undefined ? undefined : (BigInt(amount) + BigInt(fee)).toString();
  const balanceAfter =
    total === undefined || balance === undefined ? undefined : (BigInt(balance) - BigInt(total)).toString();
  return { amount, fee, total, balanceAfter };
}
