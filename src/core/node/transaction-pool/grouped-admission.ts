/**
 * Requests' batches admitted together, in one SQLite transaction (a group commit): POST /transactions requests
 * whose signatures came back from the verify workers in the same turn of the event loop are admitted one after
 * the other, exactly as separate `addDecoded` calls would, and their rows committed once. The commit of a
 * request's rows was the largest single cost of the node's main thread in bench:ingest (SQLite's COMMIT writes
 * every page the rows touched to the WAL, and concurrent requests touch the same index pages). Each request is
 * still answered only after its rows are committed (docs/design/node.md "Pool", durability), and a group holds
 * at most `maxTransactions` so that one turn of the event loop stays short; the rest waits for the next turn.
 */
import type { DecodeResult } from './admission';
import type { AddTransactionsResult } from './entry';

interface Waiting {
  items: readonly DecodeResult[];
  resolve(result: AddTransactionsResult): void;
  reject(error: unknown): void;
}

export class GroupedAdmission {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(
    /** Admits the batches in order inside one SQLite transaction, committed before it returns. */
    private readonly admitBatches: (batches: readonly (readonly DecodeResult[])[]) => AddTransactionsResult[],
    private readonly maxTransactions: number,
  ) {}

  /** Admits the batch with the others waiting in this turn; resolves once its rows are committed. */
  add(items: readonly DecodeResult[]): Promise<AddTransactionsResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ items, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    const group: Waiting[] = [];
    let count = 0;
    // At least one batch, then whole batches while they fit.
    while (this.waiting.length > 0) {
      const next = this.waiting[0]!;
      if (group.length > 0 && count + next.items.length > this.maxTransactions) break;
      group.push(this.waiting.shift()!);
      count += next.items.length;
    }
    if (this.waiting.length > 0) this.schedule();
    let results: AddTransactionsResult[];
    try {
      results = this.admitBatches(group.map((waiting) => waiting.items));
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
      return;
    }
    group.forEach((waiting, index) => waiting.resolve(results[index]!));
  }
}
