/**
 * The senders' last transactions ordered for eviction (eviction.ts): the lowest fee first, the latest arrival
 * first among equal fees. A full pool asks for the lowest one on every admission; scanning every sender's queue
 * for it took about 1 ms a transaction with 15,000 senders (ARK's default pool size), so a full pool admitted a
 * few hundred transfers a second and held the event loop for 100 ms a request (bench:ingest, docs/benchmarks.md
 * "Ingest"). A binary heap answers in O(log n).
 *
 * The heap is told of every entry that becomes a queue's tail and is never told when one stops being it: an entry
 * found at the top that is no longer its sender's tail (removed, or followed by a later nonce) is dropped there.
 * When stale entries outnumber the live ones, the heap is rebuilt from the tails.
 */
import TinyQueue from 'tinyqueue';
import type { PoolEntry } from './entry';

/** Lower fee first; among equal fees the later arrival (higher sequence) first. */
function evictsFirst(a: PoolEntry, b: PoolEntry): number {
  if (a.fee !== b.fee) return a.fee < b.fee ? -1 : 1;
  return b.sequence - a.sequence;
}

export class EvictionOrder {
  private heap = new TinyQueue<PoolEntry>([], evictsFirst);

  constructor(
    /** Whether the entry is still in the pool and the last of its sender's queue. */
    private readonly isTail: (entry: PoolEntry) => boolean,
    /** Every sender's current tail (for a rebuild). */
    private readonly tails: () => Iterable<PoolEntry>,
    /** How many senders have a queue. */
    private readonly senders: () => number,
  ) {}

  /** `entry` is now the last of its sender's queue. */
  tail(entry: PoolEntry): void {
    this.heap.push(entry);
    if (this.heap.length > 2 * this.senders() + 1_024) this.rebuild();
  }

  clear(): void {
    this.heap = new TinyQueue<PoolEntry>([], evictsFirst);
  }

  /** The tail that evicts first among the senders other than `except`, or undefined when there is none. */
  lowest(except: string): PoolEntry | undefined {
    const held: PoolEntry[] = [];
    let found: PoolEntry | undefined;
    for (let top = this.heap.peek(); top !== undefined; top = this.heap.peek()) {
      if (!this.isTail(top)) {
        this.heap.pop();
        continue;
      }
      if (top.senderPublicKey !== except) {
        found = top;
        break;
      }
      // The excepted sender's tail (once, or more than once if it became the tail again): set aside, kept.
      held.push(this.heap.pop()!);
    }
    for (const entry of held) this.heap.push(entry);
    return found;
  }

  private rebuild(): void {
    this.heap = new TinyQueue<PoolEntry>([...this.tails()], evictsFirst);
  }
}
