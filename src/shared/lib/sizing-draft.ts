/**
 * A draft of the shape and size of the one Send will sign, for the fees it can pay (tx:fee-bounds) before its form
 * is filled in: as many payments and the same memo, each to `self` for 1 arktoshi. A recipient is 21 bytes and an
 * amount 8 whatever they are (AIP-11, protocol reference §4.2), so the static fee and the dynamic minimum are
 * those of the real draft (docs/design/security.md "Fees").
 */
import type { DraftInput } from '../domain/transactions';

export function sizingDraft(count: number, memo: string, self: string): DraftInput {
  const extras = memo === '' ? {} : { memo };
  const payment = { recipientId: self, amount: '1' };
  return count <= 1
    ? { kind: 'transfer', ...payment, ...extras }
    : { kind: 'multiPayment', payments: Array.from({ length: count }, () => payment), ...extras };
}
