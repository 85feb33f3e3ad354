import type { DraftInput, FeeBoundsView, PendingView, SendResult } from '../../shared/domain/transactions';
import { unwrap } from './ipc';
import { votary } from './votary';

/** Main signs the draft with the wallet's keys and broadcasts it; the renderer never sees a key. */
export async function sendDraft(
  walletId: string,
  draft: DraftInput,
  options: { confirmHighFee?: boolean } = {},
): Promise<SendResult> {
  return unwrap(
    await (
      await votary()
    ).txSend({ walletId, draft, ...(options.confirmHighFee ? { confirmHighFee: true } : {}) }),
  );
}
/** The fees the draft can pay on its network now: the least a node admits, the static fee, the ceiling. */
export async function feeBounds(walletId: string, draft: DraftInput): Promise<FeeBoundsView> {
  return unwrap(await (await votary()).txFeeBounds({ walletId, draft }));
}
/** The fee ceiling in multiples of the static fee (the core refuses above it without a confirmation). */
export async function feeCeiling(): Promise<number> {
  return unwrap(await (await votary()).txFeeCeiling()).multiple;
}
export async function pendingTransactions(): Promise<PendingView[]> {
  return unwrap(await (await votary()).txPending());
}
export async function rebroadcast(id: string): Promise<PendingView> {
  return unwrap(await (await votary()).txRebroadcast({ id }));
}
export async function dismissPending(id: string): Promise<void> {
  unwrap(await (await votary()).txDismiss({ id }));
}
