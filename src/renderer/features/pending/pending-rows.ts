/**
 * What Pending shows from the host's entries: confirmation counts that follow the tip (the host's figure is the one
 * it had when the status last changed), and confirmed entries leaving the list once they are settled.
 */
import type { PendingView } from '../../../shared/domain/transactions';

/** Confirmed this long ago, an entry is history, not pending: the wallet's History keeps it. */
export const SETTLED_AFTER_SECONDS = 10 * 60;

export function confirmationsAt(entry: PendingView, height: number | undefined): number | undefined {
  if (entry.status !== 'confirmed' || entry.height === undefined) return undefined;
  const fromTip = height === undefined ? 0 : height - entry.height + 1;
  return Math.max(1, entry.confirmations ?? 1, fromTip);
}

export function statusWords(entry: PendingView, height: number | undefined): string {
  const confirmations = confirmationsAt(entry, height);
  if (confirmations === undefined) return entry.statusText;
  return `Confirmed in block ${entry.height} (${confirmations} confirmation${confirmations === 1 ? '' : 's'}).`;
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
