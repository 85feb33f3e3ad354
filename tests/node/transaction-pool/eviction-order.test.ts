/**
 * The order a full pool evicts in (transaction-pool/eviction-order.ts through SenderQueues.lowestTail): after any
 * sequence of admissions, removals (an entry with its successors, as a block or an eviction takes them) and
 * clears, the lowest tail is the one a scan of every sender's queue finds — the lowest fee, the latest arrival
 * among equal fees, never the excepted sender's.
 */
import { describe, expect, it } from 'vitest';
import type { PoolEntry } from '../../../src/core/node/transaction-pool/entry';
import { SenderQueues } from '../../../src/core/node/transaction-pool/sender-queues';

/** The rule stated as a scan over every queue (what eviction.ts did before it had an index). */
function scanned(queues: SenderQueues, except: string): PoolEntry | undefined {
  let lowest: PoolEntry | undefined;
  for (const [sender, queue] of queues.bySender()) {
    if (sender === except) continue;
    const tail = queue.at(-1);
    if (!tail) continue;
    if (!lowest || tail.fee < lowest.fee || (tail.fee === lowest.fee && tail.sequence > lowest.sequence))
      lowest = tail;
  }
  return lowest;
}

/** A transfer's fields as far as SenderQueues reads them (its claims: a transfer claims no name). */
const tx = { typeGroup: 1, type: 0 };

function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => (state = (state * 1103515245 + 12345) % 2147483648) % n;
}

describe('SenderQueues.lowestTail', () => {
  it.each([1, 2, 3, 4, 5])(
    'agrees with a scan of every queue through 3,000 random changes (seed %i)',
    (seed) => {
      const next = random(seed);
      const queues = new SenderQueues();
      const nonces = new Map<string, bigint>();
      const senders = Array.from({ length: 40 }, (_, i) => `sender-${i}`);
      let ids = 0;
      for (let step = 0; step < 3_000; step++) {
        const roll = next(100);
        if (roll < 60) {
          const sender = senders[next(senders.length)]!;
          const nonce = (nonces.get(sender) ?? 0n) + 1n;
          nonces.set(sender, nonce);
          const entry = {
            id: `tx-${ids++}`,
            tx,
            senderPublicKey: sender,
            nonce,
            // Few distinct fees, so ties (decided by arrival) are common.
            fee: BigInt(1 + next(5)) * 100_000n,
            sequence: queues.nextSequence(),
          } as unknown as PoolEntry;
          queues.add(entry);
        } else if (roll < 97) {
          const all = queues.ids();
          if (all.length === 0) continue;
          const entry = queues.get(all[next(all.length)]!)!;
          queues.remove(queues.withSuccessors(entry));
          const left = queues.queue(entry.senderPublicKey).at(-1);
          nonces.set(entry.senderPublicKey, left?.nonce ?? 0n);
        } else if (roll < 98) {
          queues.clear();
          nonces.clear();
        }
        for (const except of [senders[next(senders.length)]!, 'nobody']) {
          expect(queues.lowestTail(except), `step ${step}, except ${except}`).toBe(scanned(queues, except));
        }
      }
    },
  );

  it('has no tail to offer when only the excepted sender has transactions, or nobody has', () => {
    const queues = new SenderQueues();
    expect(queues.lowestTail('alice')).toBeUndefined();
    queues.add({
      id: 'a1',
      tx,
      senderPublicKey: 'alice',
      nonce: 1n,
      fee: 1n,
      sequence: 0,
    } as unknown as PoolEntry);
    queues.add({
      id: 'a2',
      tx,
      senderPublicKey: 'alice',
      nonce: 2n,
      fee: 9n,
      sequence: 1,
    } as unknown as PoolEntry);
    expect(queues.lowestTail('alice')).toBeUndefined();
    expect(queues.lowestTail('bob')?.id).toBe('a2');
  });
});
