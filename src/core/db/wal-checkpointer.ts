import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { LOWER_OWN_PRIORITY } from './background-priority';
import type Database from 'better-sqlite3';

/**
 * WAL frames the writing connection lets pile up before it checkpoints by itself: only if the checkpointer thread
 * is stopped or cannot keep up (SQLite's default, 1,000 frames, is what the writer used before).
 */
export const WRITER_AUTOCHECKPOINT_BACKSTOP = 10_000;
/** SQLite's default `wal_autocheckpoint`, restored on the writer when the checkpointer thread ends. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1_000;
/** The checkpointer's pause after a checkpoint that moved frames, and after one that found nothing to move. */
const BUSY_PAUSE_MS = 50;
const IDLE_PAUSE_MS = 500;
/** How long close() waits for the thread to close its connection (a checkpoint it is in finishes first). */
const CLOSE_WAIT_MS = 5_000;

/**
 * The thread's whole program (CommonJS, run with `eval`: no worker file to bundle beside each entry point). It
 * opens its own connection and runs `PRAGMA wal_checkpoint(PASSIVE)` (https://sqlite.org/pragma.html#pragma_wal_checkpoint):
 * copy the WAL's committed frames into the database file without waiting on, or blocking, the writer or readers.
 * synchronous=NORMAL as the writer's connection (open-database.ts): the checkpoint syncs the WAL before copying and
 * the database after, so an OS crash still cannot corrupt the file.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
${LOWER_OWN_PRIORITY}
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
let timer;
let last = '';
const tick = () => {
  const [row] = db.pragma('wal_checkpoint(PASSIVE)');
  const state = row.log + '/' + row.checkpointed;
  const moved = state !== last;
  last = state;
  timer = setTimeout(tick, moved ? workerData.busyPauseMs : workerData.idlePauseMs);
};
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearTimeout(timer);
  db.close();
  Atomics.store(workerData.closed, 0, 1);
  Atomics.notify(workerData.closed, 0);
  parentPort.close();
});
tick();
`;

/**
 * Checkpoints a chain database's WAL from a thread of its own (docs/design/scale.md "Checkpoints off the applying
 * thread"). With SQLite's automatic checkpoint, the connection that commits a block also copies every thousand WAL
 * frames into the database file and syncs both files: on a 40 M-block chain those pages lie anywhere in 14 GB, and
 * that copy took 3.1 ms of each transfer block's 14 ms on the applying thread (bench:scale's apply step). Here the
 * writer's own checkpoint is only a backstop (WRITER_AUTOCHECKPOINT_BACKSTOP frames) and this thread does the work
 * beside it: a PASSIVE checkpoint neither waits for nor blocks the writer, and SQLite's locks keep the two safe.
 */
export class WalCheckpointer {
  private closed = false;
  private ended = false;

  private constructor(
    private readonly worker: Worker,
    writer: Database.Database,
    /** Set to 1 by the thread once its connection is closed. */
    private readonly threadClosed: Int32Array,
  ) {
    // While the store is open the thread does not keep the process alive (a store never closed must not hang it).
    worker.unref();
    const restore = (): void => {
      this.ended = true;
      if (!this.closed && writer.open) writer.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    };
    worker.on('error', restore);
    worker.on('exit', restore);
  }

  /**
   * Starts checkpointing the database `writer` has open as `file` (a file, not ':memory:'), and raises the writer's
   * automatic checkpoint to the backstop. Undefined, the writer left checkpointing by itself, when no thread can
   * be started (the driver cannot be resolved, or the process cannot create a thread).
   */
  static start(writer: Database.Database, file: string): WalCheckpointer | undefined {
    const closed = new Int32Array(new SharedArrayBuffer(4));
    let worker: Worker;
    try {
      worker = new Worker(PROGRAM, {
        eval: true,
        workerData: {
          driver: createRequire(import.meta.url).resolve('better-sqlite3'),
          file,
          busyPauseMs: BUSY_PAUSE_MS,
          idlePauseMs: IDLE_PAUSE_MS,
          closed,
        },
      });
    } catch {
      return undefined;
    }
    writer.pragma(`wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT_BACKSTOP}`);
    return new WalCheckpointer(worker, writer, closed);
  }

  /**
   * Lets the thread finish the checkpoint it may be in, close its connection and end by itself (terminating it
   * inside a native call can abort the process: parallel/verify-workers.ts closes its workers the same way), and
   * waits until its connection is closed, so that the writer's, closed next, is the last one: SQLite then
   * checkpoints the whole WAL and removes it, as it did before this thread (https://sqlite.org/wal.html).
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    // Referenced again until it has ended, so the process does not end first and terminate it mid-checkpoint.
    this.worker.ref();
    this.worker.postMessage('close');
    if (!this.ended) Atomics.wait(this.threadClosed, 0, 0, CLOSE_WAIT_MS);
  }
}
