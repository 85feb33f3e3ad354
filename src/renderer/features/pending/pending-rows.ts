/**
 * What Pending shows from the host's entries: confirmation counts that follow the tip (the host's figure is the one
 * it had when the status last changed), and confirmed entries leaving the list once they are settled.
 */
import type { PendingView } from '../../../shared/domain/transactions';

/** The status badge in words (the host's status names are not a person's). */
export const STATUS_WORDS: Record<PendingView['status'], string> = {
  broadcast: 'sent',
  'in-pool': 'in pool',
  confirmed: 'confirmed',
  rejected: 'refused',
  expired: 'expired',
};

/**
 * Sending the same bytes again helps only while it may still be forged: sent or waiting in a pool, or dropped by
 * pools for its age. A refused transaction is refused again by the same rules, and a confirmed one is done.
 */
export function canRebroadcast(entry: Pick<PendingView, 'status'>): boolean {
  return entry.status === 'broadcast' || entry.status === 'in-pool' || entry.status === 'expired';
}

/** The reason, when the status words do not say it already (a refusal's words carry it: said once). */
export function reasonBesideStatus(
  entry: Pick<PendingView, 'status' | 'reason' | 'statusText'>,
): string | undefined {
  if (entry.reason === undefined || entry.reason === '' || entry.status === 'confirmed') return undefined;
  return entry.statusText.includes(entry.reason) ? undefined : entry.reason;
}

/** Confirmed this long ago, an entry is history, not pending: the wallet's History keeps it. */
export const SETTLED_AFTER_SECONDS = 10 * 60;

export function confirmationsAt(entry: PendingView, height: number | undefined): number | undefined {
  if (entry.status !== 'confirmed' || entry.height === undefined) return undefined;
  const fromTip = height === undefined ? 0 : height - entry.height + 1;
  return Math.max(1, entry.confirmations ?? 1, fromTip);
}

/** The host's words, counted from the current tip; a remote node's claim stays that node's report. */
export function statusWords(entry: PendingView, height: number | undefined): string {
  const confirmations = confirmationsAt(entry, height);
  if (confirmations === undefined) return entry.statusText;
  const counted = `${confirmations} confirmation${confirmations === 1 ? '' : 's'}`;
  return entry.reportedBy === undefined
    ? `Confirmed in block ${entry.height} (${counted}).`
    : `${entry.reportedBy} reports it in block ${entry.height} (${counted}).`;
}

/** Splits the entries into those still shown and the settled ones (confirmed for about ten minutes of blocks). */
export function settledSplit(
  list: readonly PendingView[],
  height: number | undefined,
  blockTimeSeconds: number,
): { shown: PendingView[]; settled: PendingView[] } {
  const blocks = Math.ceil(SETTLED_AFTER_SECONDS / Math.max(1, blockTimeSeconds));
  const shown: PendingView[] = [];
  const settled: PendingView[] = [];
  for (const entry of list) {
    const confirmations = confirmationsAt(entry, height);
    (confirmations !== undefined && confirmations > blocks ? settled : shown).push(entry);
  }
  return { shown, settled };
}

/**
 * What an HTLC claim or refund moves: its own amount is 0, the lock's amount (read by the review before signing)
 * is what goes to the recipient or back to the sender. `amount` is absent when the entry predates keeping it.
 */
export function lockMoved(
  entry: Pick<PendingView, 'kind' | 'lockAmount'>,
): { verb: 'claims' | 'refunds'; amount: string | undefined } | undefined {
  if (entry.kind !== 'htlcClaim' && entry.kind !== 'htlcRefund') return undefined;
  return { verb: entry.kind === 'htlcClaim' ? 'claims' : 'refunds', amount: entry.lockAmount };
}
