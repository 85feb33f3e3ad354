import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { LOWER_OWN_PRIORITY } from './background-priority';

/**
 * A key the applying thread is about to look up or write, by the index that finds it: a block id (hex; the leaf of
 * `blocks_id` its row is inserted into), a transaction id (the forged-id look-up and the insert into the
 * transactions' primary key), a sender's public key or a recipient's address (the wallet row read and rewritten,
 * the entries of its balance in the wallets' indexes, and where its transaction goes in the transactions' sender or
 * recipient index).
 */
export type PrefetchKind = 'blockId' | 'transactionId' | 'publicKey' | 'address';
export type PrefetchKey = readonly [PrefetchKind, string];

/**
 * Keys a hand-off may hold, and keys handed off and not yet looked up: beyond them a hand-off is dropped (a
 * prefetch is a hint). A follower's queue holds at most MAX_HELD_TRANSACTIONS (40,000) transactions and 64 runs of
 * up to 400 blocks (sync/run-queue.ts), some 150,000 keys; no peer's run can make these threads read more than this.
 */
export const MAX_KEYS_PER_HANDOFF = 50_000;
export const MAX_KEYS_IN_FLIGHT = 200_000;
/** How long close() waits for the threads to close their connections (a look-up in progress finishes first). */
const CLOSE_WAIT_MS = 5_000;

/**
 * Threads reading ahead: the disk answers several reads at once. On this machine's disk two threads read 1.4× as
 * fast as one, four 1.8× (random look-ups of the 40 M chain's blocks_id); in bench:scale's apply step two beat one
 * and four did no better than two (docs/benchmarks.md "Scale: the apply rate at 40 M, cold").
 */
const THREADS = 2;
/** Index entries walked each way from a block id to reach the leaves beside its own (see PROGRAM). */
const NEIGHBOUR_SPAN = 100;

/** Indexes into the shared counters. */
const CLOSED = 0;
const STOP = 1;
const KEYS_DONE = 2;
const ROWS_FOUND = 3;

/**
 * The thread's whole program (CommonJS, run with `eval`, as the checkpointer's). Its own connection, query-only,
 * looks each key up: the B-tree pages from the root to the leaf a key lives on, or would be inserted into, are read
 * from the file into the OS page cache, where the applying connection then finds them (SQLite's page caches are
 * per connection; the OS's is shared). Every look-up is an index search; a failing one is ignored. Between keys it
 * checks the stop flag, so that close() never waits for a whole hand-off.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
${LOWER_OWN_PRIORITY}
const Database = require(workerData.driver);
const counters = workerData.counters;
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('query_only = ON');
// What it reads is for the OS page cache; its own cache needs only the pages of the look-up in progress (SQLite's
// 2 MB default, not better-sqlite3's 16 MB: two threads would otherwise grow by 32 MB on a large chain).
db.pragma('cache_size = -2000');
const LOWER_HEX = /^(?:[0-9a-f]{2})+$/;
const statements = {
  blockId: db.prepare('SELECT 1 FROM blocks WHERE id = ?').pluck(),
  // The leaves beside the id's: inserting into a full leaf splits it, and SQLite's split reads both neighbours
  // (btree.c balance_nonroot). An index built by CREATE INDEX (the bulk-built chains of bench:scale) has every leaf
  // full; one a node wrote key by key, about two thirds full, so a split there comes once in some 30 inserts.
  // A leaf of blocks_id holds about 97 ids, so ${NEIGHBOUR_SPAN} keys each way reach the next leaf.
  blockIdAfter: db.prepare('SELECT count(*) FROM (SELECT 1 FROM blocks WHERE id > ? ORDER BY id LIMIT ${NEIGHBOUR_SPAN})').pluck(),
  blockIdBefore: db.prepare('SELECT count(*) FROM (SELECT 1 FROM blocks WHERE id < ? ORDER BY id DESC LIMIT ${NEIGHBOUR_SPAN})').pluck(),
  transactionId: db.prepare('SELECT 1 FROM transactions WHERE id = ?').pluck(),
};
// A wallet's row (safe integers: a balance may exceed 2^53), then the leaves its transaction and its new balance
// are written into, which are as random across wallets as the ids are: the end of the wallet's range in the
// transactions' sender and recipient indexes (a new row goes after its last), and the entries of its balance
// that the new balance replaces (migrations 003's wallet indexes and 002's transaction orders). Each names its
// index (INDEXED BY): one missing from this chain's schema fails to prepare and skips only its look-up, where the
// planner would otherwise scan the table for it.
const wallet = {
  publicKey: db.prepare('SELECT address, balance, vote FROM wallets WHERE public_key = ?').safeIntegers(true),
  address: db.prepare('SELECT address, balance, vote FROM wallets WHERE address = ?').safeIntegers(true),
};
const optional = (sql) => { try { return db.prepare(sql).pluck(); } catch { return undefined; } };
const LAST = 'ORDER BY block_height DESC, sequence DESC LIMIT 1';
const walletLeaves = {
  sentByKey: optional(
    'SELECT 1 FROM transactions INDEXED BY api_transactions_sender_key_order WHERE sender_public_key = ? ' + LAST,
  ),
  sentByAddress: optional(
    'SELECT 1 FROM transactions INDEXED BY api_transactions_sender_address_order WHERE sender_address = ? ' + LAST,
  ),
  received: optional(
    'SELECT 1 FROM transactions INDEXED BY api_transactions_recipient_order WHERE recipient_address = ? ' + LAST,
  ),
  balance: optional('SELECT 1 FROM wallets INDEXED BY api_wallets_balance_order WHERE balance = ? AND address = ?'),
  voteBalance: optional(
    'SELECT 1 FROM wallets INDEXED BY api_wallets_vote_balance WHERE vote = ? AND balance = ? AND address = ?',
  ),
};
const found = (statement, ...values) => {
  if (statement !== undefined && statement.get(...values) !== undefined) Atomics.add(counters, ${ROWS_FOUND}, 1);
};
const lookUpWallet = (kind, key) => {
  const row = wallet[kind].get(key);
  if (row === undefined) return;
  Atomics.add(counters, ${ROWS_FOUND}, 1);
  if (kind === 'publicKey') {
    found(walletLeaves.sentByKey, key);
    found(walletLeaves.sentByAddress, row.address);
  } else {
    found(walletLeaves.received, row.address);
  }
  found(walletLeaves.balance, row.balance, row.address);
  if (row.vote !== null) found(walletLeaves.voteBalance, row.vote, row.balance, row.address);
};
// block-encoding.ts storedHex: a block id of lower-case hex is stored as its bytes.
const bound = { blockId: (id) => (LOWER_HEX.test(id) ? Buffer.from(id, 'hex') : id) };
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    Atomics.add(counters, ${CLOSED}, 1);
    Atomics.notify(counters, ${CLOSED});
    parentPort.close();
    return;
  }
  for (const [kind, key] of message) {
    if (Atomics.load(counters, ${STOP}) === 1) break;
    try {
      if (wallet[kind] !== undefined) {
        lookUpWallet(kind, key);
      } else {
        const value = bound[kind] ? bound[kind](key) : key;
        if (statements[kind].get(value) !== undefined) Atomics.add(counters, ${ROWS_FOUND}, 1);
        if (kind === 'blockId') {
          statements.blockIdAfter.get(value);
          statements.blockIdBefore.get(value);
        }
      }
    } catch {}
    Atomics.add(counters, ${KEYS_DONE}, 1);
  }
});
`;

/**
 * Reads, on threads of their own, the index leaves that blocks about to be applied will touch (docs/design/scale.md
 * "Index leaves read ahead"). On a chain of tens of millions of blocks each new block id and transaction id lands on
 * a random leaf of an index of gigabytes, which the OS has not cached: the applying thread waited about 0.5 ms on
 * the disk for each (40 M blocks, this machine). A follower downloads runs of blocks before it applies them, so their
 * ids are known ahead; these threads look them up meanwhile, and the applying thread then finds those pages in the OS
 * page cache. They never block the caller: a hand-off is a message, a hand-off over the bounds is dropped, threads
 * that failed are forgotten, and close() lets them stop between look-ups and close their connections.
 */
export class LeafPrefetcher {
  private closed = false;
  /** Threads that have not ended (exited or failed). */
  private running: number;
  /** Keys handed off so far (the threads count those done in `counters`). */
  private keysPosted = 0;
  private readonly exits: Promise<void>;

  private constructor(
    private readonly workers: readonly Worker[],
    private readonly counters: Int32Array,
  ) {
    this.running = workers.length;
    this.exits = Promise.all(
      workers.map((worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve()))),
    ).then(() => undefined);
    for (const worker of workers) {
      // While the store is open the threads do not keep the process alive (a store never closed must not hang it).
      worker.unref();
      let ended = false;
      const end = (): void => {
        if (ended) return;
        ended = true;
        this.running--;
      };
      worker.on('error', end);
      worker.on('exit', end);
    }
  }

  /**
   * Starts THREADS threads on the database `file` (a file, not ':memory:'); undefined when none can be started.
   */
  static start(file: string, threads = THREADS): LeafPrefetcher | undefined {
    const counters = new Int32Array(new SharedArrayBuffer(4 * 4));
    const workers: Worker[] = [];
    for (let i = 0; i < threads; i++) {
      try {
        workers.push(
          new Worker(PROGRAM, {
            eval: true,
            workerData: {
              driver: createRequire(import.meta.url).resolve('better-sqlite3'),
              file,
              counters,
            },
          }),
        );
      } catch {
        break;
      }
    }
    return workers.length === 0 ? undefined : new LeafPrefetcher(workers, counters);
  }

  /**
   * Hands keys to the threads, in the order they will be applied (each thread reads its share in that order: the
   * keys are dealt to them in turn). Returns whether they were handed off: not when every thread has ended or the
   * prefetcher is closed, when they exceed one hand-off's bound (MAX_KEYS_PER_HANDOFF), or when the keys not yet
   * looked up would exceed MAX_KEYS_IN_FLIGHT.
   */
  prefetch(keys: readonly PrefetchKey[]): boolean {
    if (this.closed || this.running < this.workers.length) return false;
    if (keys.length === 0 || keys.length > MAX_KEYS_PER_HANDOFF) return false;
    if (this.keysPosted - this.keysDone() + keys.length > MAX_KEYS_IN_FLIGHT) return false;
    this.keysPosted += keys.length;
    const shares = this.workers.map((): PrefetchKey[] => []);
    keys.forEach((key, i) => shares[i % shares.length]!.push(key));
    this.workers.forEach((worker, i) => {
      if (shares[i]!.length > 0) worker.postMessage(shares[i]);
    });
    return true;
  }

  /** Keys the threads have looked up (or skipped once closed), and how many of them they found stored. */
  progress(): { posted: number; done: number; found: number } {
    return { posted: this.keysPosted, done: this.keysDone(), found: Atomics.load(this.counters, ROWS_FOUND) };
  }

  /** Resolves once every thread has exited (after close(), or when they failed). */
  exited(): Promise<void> {
    return this.exits;
  }

  /**
   * Stops the threads between two look-ups, lets each close its connection and end by itself (never terminated
   * inside a native call: wal-checkpointer.ts closes the same way), and waits until their connections are closed,
   * so that the writer's, closed next, is the chain's last one (SQLite then checkpoints and removes the WAL).
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    Atomics.store(this.counters, STOP, 1);
    for (const worker of this.workers) {
      worker.ref();
      worker.postMessage('close');
    }
    const deadline = Date.now() + CLOSE_WAIT_MS;
    for (;;) {
      const closed = Atomics.load(this.counters, CLOSED);
      // A thread that failed never closes: wait only for those still running.
      if (closed >= this.running || Date.now() >= deadline) return;
      Atomics.wait(this.counters, CLOSED, closed, Math.max(1, deadline - Date.now()));
    }
  }

  private keysDone(): number {
    return Atomics.load(this.counters, KEYS_DONE);
  }
}
