/**
 * A pending entry as the app shows it (PendingView): its status in plain words, its confirmations counted from the
 * network's tip, and whether its confirmation is final (pending-tracker.ts decides that).
 */
import type { PendingView } from '../../../shared/domain/transactions';
import type { PendingRecord } from './pending-store';

export function pendingView(entry: PendingRecord, tip: number, confirmationFinal: boolean): PendingView {
  const confirmations =
    entry.confirmedHeight === undefined ? undefined : Math.max(1, tip - entry.confirmedHeight + 1);
  return {
    id: entry.id,
    networkId: entry.networkId,
    ...(entry.walletId === undefined ? {} : { walletId: entry.walletId }),
    sender: entry.sender,
    kind: entry.kind,
    amount: paid(entry).toString(),
    ...(entry.lockAmount === undefined ? {} : { lockAmount: entry.lockAmount.toString() }),
    fee: entry.fee.toString(),
    nonce: entry.nonce.toString(),
    ...(entry.recipient === undefined ? {} : { recipient: entry.recipient }),
    status: entry.status,
    statusText: statusText(entry, confirmations),
    ...(entry.reason === undefined ? {} : { reason: entry.reason }),
    ...(entry.confirmedHeight === undefined ? {} : { height: entry.confirmedHeight }),
    ...(entry.reportedBy === undefined ? {} : { reportedBy: entry.reportedBy }),
    ...(confirmations === undefined ? {} : { confirmations }),
    confirmationFinal,
    expiresAtHeight: expiresAt(entry),
    createdAt: entry.createdAt,
    lastBroadcastAt: entry.lastBroadcastAt,
    broadcastCount: entry.broadcastCount,
  };
}

/**
 * What it pays besides the fee: a multipayment's own amount is 0 on ARK (ARK Core
 * packages/crypto/src/transactions/types/multi-payment.ts), its payments carry the value; every other kind pays its
 * amount.
 */
function paid(entry: PendingRecord): bigint {
  const payments = entry.kind === 'multiPayment' ? entry.json.asset?.payments : undefined;
  if (payments === undefined) return entry.amount;
  return payments.reduce((total, payment) => total + BigInt(payment.amount), 0n);
}

/** A pool drops a transaction this many blocks after it arrived (ARK maxTransactionAge). */
export function expiresAt(entry: PendingRecord): number {
  return entry.broadcastHeight + entry.maxAge;
}

function statusText(entry: PendingRecord, confirmations: number | undefined): string {
  switch (entry.status) {
    case 'broadcast':
      return entry.reason ?? 'Sent to the network; waiting to see it in a pool.';
    case 'in-pool':
      return entry.reason === undefined
        ? 'In the pool, waiting for a block.'
        : `In the pool. ${entry.reason}`;
    case 'confirmed': {
      const counted = `${confirmations ?? 1} confirmation${confirmations === 1 ? '' : 's'}`;
      // A remote's claim is that node's word, and says so (pending-answer.ts).
      return entry.reportedBy === undefined
        ? `Confirmed in block ${entry.confirmedHeight ?? '?'} (${counted}).`
        : `${entry.reportedBy} reports it in block ${entry.confirmedHeight ?? '?'} (${counted}).`;
    }
    case 'rejected':
      return `Refused. ${entry.reason ?? ''}`.trim();
    case 'expired':
      return `Expired. ${entry.reason ?? ''}`.trim();
  }
}
