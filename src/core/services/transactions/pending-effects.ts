/**
 * What a wallet's transactions still on their way (broadcast, or in a pool) take out of its balance, by the one
 * ledger (core/domain/ledger.ts): the review's "balance after" and every "at most" count them, so that a second
 * transaction sent before the first is in a block is judged against what will really be left.
 */
import { effectOn, type LedgerEffect } from '../../domain';
import type { PendingTracker } from './pending-tracker';

export function pendingEffects(tracker: PendingTracker, networkId: string, sender: string): LedgerEffect[] {
  return tracker.inFlight(networkId, sender).map((entry) => {
    const payments = entry.json.asset?.payments;
    return effectOn(
      {
        kind: entry.kind,
        sender: entry.sender,
        recipient: entry.recipient,
        amount: entry.amount,
        fee: entry.fee,
        payments: Array.isArray(payments)
          ? payments.map((p) => ({ recipientId: p.recipientId, amount: BigInt(p.amount) }))
          : undefined,
      },
      sender,
    );
  });
}
