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
 * (db/wal-checkpointer.ts) and, once blocks are handed over, the read-ahead of the index leaves they will touch
 * (db/leaf-prefetcher.ts). Either may be missing (it could not start); the chain works the same without them.
 */
export class ChainThreads {
  /** Started by the first hand-off: a node that never follows a network (localnet) never reads ahead. */
  private prefetcher: LeafPrefetcher | undefined;
  private prefetcherStarted = false;

  private constructor(
    private readonly file: string,
    private readonly checkpointer: WalCheckpointer | undefined,
  ) {}

  static start(writer: Database.Database, file: string): ChainThreads {
    return new ChainThreads(file, WalCheckpointer.start(writer, file));
  }

  /** Hands the blocks' keys to the read-ahead threads; false when they did not take them (see LeafPrefetcher). */
  prefetch(blocks: readonly Block[]): boolean {
    if (!this.prefetcherStarted) {
      this.prefetcherStarted = true;
      this.prefetcher = LeafPrefetcher.start(this.file);
    }
    return this.prefetcher?.prefetch(prefetchKeys(blocks)) ?? false;
  }

  prefetchProgress(): { posted: number; done: number; found: number } | undefined {
    return this.prefetcher?.progress();
  }

  /** Closes the threads' connections, waiting for each, so that the writer's is the chain's last. */
  close(): void {
    this.prefetcherStarted = true;
    this.prefetcher?.close();
    this.checkpointer?.close();
  }
}
