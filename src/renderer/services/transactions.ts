import type { DraftInput, FeeBoundsView, PendingView, SendResult } from '../../shared/domain/transactions';
import { unwrap } from './ipc';
import { votary } from './votary';

/** Main signs the draft with the wallet's keys and broadcasts it; the renderer never sees a key. */
export async function sendDraft(
  walletId: string,
  draft: DraftInput,
  options: { confirmHighFee?: boolean; password?: string } = {},
): Promise<SendResult> {
  return unwrap(
    await (
      await votary()
    ).txSend({
      walletId,
      draft,
      ...(options.confirmHighFee ? { confirmHighFee: true } : {}),
      ...(options.password === undefined || options.password === '' ? {} : { password: options.password }),
    }),
  );
}
/** Whether signing needs the vault password again now; with `minutes`, sets after how long it does (0: never). */
export async function signPassword(minutes?: number): Promise<{ minutes: number; required: boolean }> {
  return unwrap(await (await votary()).txSignPassword(minutes === undefined ? undefined : { minutes }));
}
/** The fees the draft can pay on its network now: the least a node admits, the static fee, the ceiling. */
export async function feeBounds(walletId: string, draft: DraftInput): Promise<FeeBoundsView> {
  return unwrap(await (await votary()).txFeeBounds({ walletId, draft }));
}
/** The fee ceiling in multiples of the static fee (the core refuses above it without a confirmation); sets it too. */
export async function feeCeiling(multiple?: number): Promise<number> {
  return unwrap(await (await votary()).txFeeCeiling(multiple === undefined ? undefined : { multiple }))
    .multiple;
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
