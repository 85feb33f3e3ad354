import type Database from 'better-sqlite3';
import { LeafPrefetcher, MAX_KEYS_PER_HANDOFF, type PrefetchKey } from '../../db/leaf-prefetcher';
import { WalCheckpointer } from '../../db/wal-checkpointer';
import type { Block } from '../../protocol/blocks';

/**
 * The keys applyBlock will look up or write for `blocks`, in the order it applies them (each transaction's id,
 * sender and recipients, then the block's id), each once, at most MAX_KEYS_PER_HANDOFF: what a run of a peer may
 * make the read-ahead thread read is bounded by the run itself.
 */
export function prefetchKeys(blocks: readonly Block[]): PrefetchKey[] {
  const seen = new Set<string>();
  const keys: PrefetchKey[] = [];
  const add = (kind: PrefetchKey[0], key: string | undefined): void => {
    if (key === undefined || keys.length >= MAX_KEYS_PER_HANDOFF) return;
    const tagged = `${kind}:${key}`;
    if (seen.has(tagged)) return;
    seen.add(tagged);
    keys.push([kind, key]);
  };
  for (const { header, transactions } of blocks) {
    for (const tx of transactions) {
      add('transactionId', tx.id);
      add('publicKey', tx.senderPublicKey);
      add('address', tx.recipientId);
      for (const payment of tx.asset?.payments ?? []) add('address', payment.recipientId);
    }
    add('blockId', header.id);
  }
  return keys;
}

/**
 * The threads beside a chain on disk, each with its own connection: the WAL's checkpointer
 * (db/wal-checkpointer.ts) and the read-ahead of the index leaves blocks about to be applied touch
 * (db/leaf-prefetcher.ts). Either may be missing (it could not start); the chain works the same without them.
 */
export class ChainThreads {
  private constructor(
    private readonly checkpointer: WalCheckpointer | undefined,
    private readonly prefetcher: LeafPrefetcher | undefined,
  ) {}

  static start(writer: Database.Database, file: string): ChainThreads {
    return new ChainThreads(WalCheckpointer.start(writer, file), LeafPrefetcher.start(file));
  }

  /** Hands the blocks' keys to the read-ahead thread; false when it did not take them (see LeafPrefetcher). */
  prefetch(blocks: readonly Block[]): boolean {
    return this.prefetcher?.prefetch(prefetchKeys(blocks)) ?? false;
  }

  /** Closes both threads' connections, waiting for each, so that the writer's is the chain's last. */
  close(): void {
    this.prefetcher?.close();
    this.checkpointer?.close();
  }
}
