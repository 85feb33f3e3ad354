import type { TransactionData } from '../../protocol/transactions';
import type { PoolEntry } from './entry';
import { PoolError } from './errors';

/**
 * When the pool is full, the transaction with the lowest fee among the other senders' last transactions makes
 * room (ARK evicts from the lowest-priority end; only a queue's tail can go without breaking its nonces; the
 * latest arrival goes first among equal fees). A fee that is not higher than that one is ERR_POOL_FULL.
 */
export function evictionVictim(
  /** The other senders' tail that evicts first (SenderQueues.lowestTail, eviction-order.ts). */
  lowestTail: (except: string) => PoolEntry | undefined,
  candidate: TransactionData,
  describe: () => string,
): PoolEntry {
  const lowest = lowestTail(candidate.senderPublicKey);
  if (!lowest || candidate.fee <= lowest.fee) {
    const floor = lowest ? lowest.fee : candidate.fee;
    throw new PoolError(
      'ERR_POOL_FULL',
      `${describe()} fee ${candidate.fee} is lower than ${floor} already in pool`,
    );
  }
  return lowest;
}
