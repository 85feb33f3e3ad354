/**
 * ARK's "highest priority" order (core-transaction-pool 3.x `query.ts`, ark-core-api.md §6.3): each sender's
 * queue stays in nonce order, and the next transaction is always the queue head with the highest fee (the
 * earliest received on a tie). A binary heap over the queue heads keeps this O(log senders) per step.
 */
export interface Prioritized {
  fee: bigint;
  /** Arrival order in the pool: breaks fee ties, first come first served. */
  sequence: number;
}

interface Cursor<T> {
  queue: readonly T[];
  index: number;
}

function before<T extends Prioritized>(a: Cursor<T>, b: Cursor<T>): boolean {
  const x = a.queue[a.index]!;
  const y = b.queue[b.index]!;
  return x.fee !== y.fee ? x.fee > y.fee : x.sequence < y.sequence;
}

export class PriorityMerge<T extends Prioritized> {
  private readonly heap: Cursor<T>[] = [];
  private last: Cursor<T> | undefined;

  constructor(queues: Iterable<readonly T[]>) {
    for (const queue of queues) if (queue.length > 0) this.push({ queue, index: 0 });
  }

  /** The next transaction in priority order, or undefined when every queue is exhausted. */
  next(): T | undefined {
    const top = this.heap[0];
    if (!top) return undefined;
    const item = top.queue[top.index]!;
    this.last = top;
    top.index++;
    if (top.index < top.queue.length) this.siftDown(0);
    else this.removeTop();
    return item;
  }

  /** Skips the rest of the queue of the item `next` returned last (its successors depend on it by nonce). */
  dropLastQueue(): void {
    const cursor = this.last;
    if (!cursor || cursor.index >= cursor.queue.length) return;
    const position = this.heap.indexOf(cursor);
    cursor.index = cursor.queue.length;
    if (position < 0) return;
    const tail = this.heap.pop()!;
    if (position < this.heap.length) {
      this.heap[position] = tail;
      this.siftDown(position);
      this.siftUp(position);
    }
  }

  private push(cursor: Cursor<T>): void {
    this.heap.push(cursor);
    this.siftUp(this.heap.length - 1);
  }

  private removeTop(): void {
    const tail = this.heap.pop()!;
    if (this.heap.length > 0) {
      this.heap[0] = tail;
      this.siftDown(0);
    }
  }

  private siftUp(position: number): void {
    let i = position;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(this.heap[i]!, this.heap[parent]!)) break;
      [this.heap[i], this.heap[parent]] = [this.heap[parent]!, this.heap[i]!];
      i = parent;
    }
  }

  private siftDown(position: number): void {
    let i = position;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < this.heap.length && before(this.heap[left]!, this.heap[best]!)) best = left;
      if (right < this.heap.length && before(this.heap[right]!, this.heap[best]!)) best = right;
      if (best === i) return;
      [this.heap[i], this.heap[best]] = [this.heap[best]!, this.heap[i]!];
      i = best;
    }
  }
}

/** Every item of the queues in priority order. */
export function inPriorityOrder<T extends Prioritized>(queues: Iterable<readonly T[]>): T[] {
  const merge = new PriorityMerge(queues);
  const out: T[] = [];
  for (let item = merge.next(); item !== undefined; item = merge.next()) out.push(item);
  return out;
}
