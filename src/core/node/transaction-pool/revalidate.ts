/**
 * The pool's check after a block was applied or reverted (ARK core-transaction-pool 3.x `service.ts`
 * `readdTransactions`/`cleanUp`): every sender's queue is replayed on a fresh overlay of the new state.
 */
import { applyToSender, isApplyError, type HandlerContext } from '../transaction-handlers';
import { StateOverlay, type StateView } from '../state';
import { isExpiredAt } from './collect';
import type { PoolEntry } from './entry';

export interface Revalidated {
  /** Ids that leave the pool: those given, those whose nonce the chain used, and each failing one with its successors. */
  removed: Set<string>;
  /** The overlays of the senders whose whole queue still applies, on the new state. */
  overlays: Map<string, StateOverlay>;
}

/**
 * Replays each queue on `state`, skipping the ids in `leaving`. Transactions whose nonce the chain already used
 * (forged, here or in another block) go on their own; the first that expired, aged out (`tooOld`) or no longer
 * applies leaves with every later one of its sender (they depend on it by nonce).
 */
export function revalidateQueues(
  queues: ReadonlyMap<string, readonly PoolEntry[]>,
  state: StateView,
  ctx: HandlerContext,
  tooOld: (entry: PoolEntry) => boolean,
  leaving: ReadonlySet<string>,
): Revalidated {
  const removed = new Set(leaving);
  const overlays = new Map<string, StateOverlay>();
  for (const [sender, queue] of queues) {
    const confirmedNonce = state.walletByPublicKey(sender).nonce;
    const overlay = new StateOverlay(state);
    let failed = false;
    for (const entry of queue) {
      if (removed.has(entry.id)) continue;
      if (entry.nonce <= confirmedNonce) {
        removed.add(entry.id);
        continue;
      }
      failed ||= isExpiredAt(entry, ctx.height) || tooOld(entry) || !reapplies(entry, overlay, ctx);
      if (failed) removed.add(entry.id);
    }
    if (!failed) overlays.set(sender, overlay);
  }
  return { removed, overlays };
}

function reapplies(entry: PoolEntry, overlay: StateOverlay, ctx: HandlerContext): boolean {
  try {
    applyToSender(entry.tx, overlay, ctx);
    return true;
  } catch (error) {
    if (isApplyError(error)) return false;
    throw error;
  }
}
