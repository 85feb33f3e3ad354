import { applyTransaction, isApplyError, type HandlerContext } from '../transaction-handlers';
import { StateOverlay, type StateView } from '../state';
import type { PoolEntry } from './entry';
import { PriorityMerge } from './priority';

/** A transfer's expiration height is reached: it may not enter a block at `height` (protocol reference §6.2). */
export function isExpiredAt(entry: Pick<PoolEntry, 'tx'>, height: number): boolean {
  const expiration = entry.tx.expiration ?? 0;
  return expiration > 0 && expiration <= height;
}

export interface Collected {
  chosen: PoolEntry[];
  /** Candidates that expired or no longer apply: each one's later transactions were skipped too. */
  invalid: PoolEntry[];
}

/**
 * ARK's Collator: the queues merged by fee priority while keeping each sender's nonce order, each candidate
 * applied to one overlay of `state` for the whole block. Stops at `maxTransactions` or when the next one (4
 * length bytes + its bytes) would not fit in `maxPayloadBytes`.
 */
export function collectCandidates(
  queues: Iterable<readonly PoolEntry[]>,
  state: StateView,
  maxTransactions: number,
  maxPayloadBytes: number,
  ctx: HandlerContext,
): Collected {
  const overlay = new StateOverlay(state);
  const merge = new PriorityMerge(queues);
  const chosen: PoolEntry[] = [];
  const invalid: PoolEntry[] = [];
  let bytesLeft = maxPayloadBytes;
  while (chosen.length < maxTransactions) {
    const entry = merge.next();
    if (!entry) break;
    if (isExpiredAt(entry, ctx.height)) {
      invalid.push(entry);
      merge.dropLastQueue();
      continue;
    }
    if (bytesLeft - 4 - entry.bytes.length < 0) break;
    try {
      applyTransaction(entry.tx, overlay, ctx);
    } catch (error) {
      if (!isApplyError(error)) throw error;
      invalid.push(entry);
      merge.dropLastQueue();
      continue;
    }
    bytesLeft -= 4 + entry.bytes.length;
    chosen.push(entry);
  }
  return { chosen, invalid };
}
