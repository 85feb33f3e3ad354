import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src/core/db';
import { HELPER_THREAD_NICE } from '../../../src/core/db/background-priority';
import { LeafPrefetcher } from '../../../src/core/db/leaf-prefetcher';
import { WalCheckpointer } from '../../../src/core/db/wal-checkpointer';
import { createTestChain, openStore } from '../support/chain-fixture';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-priority-'));
  dirs.push(dir);
  return dir;
}

/** Each thread of this process and its nice value (/proc/self/task/<tid>/stat, the 19th field). */
function niceByThread(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      nice.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return nice;
}

const ownThread = () => Number(readlinkSync('/proc/thread-self').split('/').pop());
/** Threads at the helpers' nice value that are not among `known`. */
const newHelpers = (known: ReadonlySet<number>) =>
  [...niceByThread()].filter(([tid, nice]) => nice === HELPER_THREAD_NICE && !known.has(tid)).length;
const until = (done: () => boolean) => vi.waitUntil(done, { timeout: 10_000, interval: 20 });

describe('helper threads yield the cores to the applying thread', () => {
  it("the WAL checkpointer's thread runs at the helpers' nice value; the thread that started it keeps its own", async () => {
    const own = niceByThread().get(ownThread());
    const before = new Set(niceByThread().keys());
    const writer = openDatabase(join(tempDir(), 'chain.db'));
    const checkpointer = WalCheckpointer.start(writer, writer.name);
    try {
      expect(checkpointer).toBeDefined();
      await until(() => newHelpers(before) === 1);
      expect(niceByThread().get(ownThread())).toBe(own);
    } finally {
      checkpointer?.close();
      writer.close();
    }
  });

  it("each read-ahead thread runs at the helpers' nice value", async () => {
    const before = new Set(niceByThread().keys());
    // A chain's schema, which the threads' statements are prepared on (the store is closed again).
    const store = openStore(createTestChain(), tempDir());
    const file = store.db.name;
    store.close();
    const prefetcher = LeafPrefetcher.start(file);
    try {
      expect(prefetcher).toBeDefined();
      await until(() => newHelpers(before) === 2);
    } finally {
      prefetcher?.close();
    }
  });
});
