import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src/core/db';
import { WalCheckpointer, WRITER_AUTOCHECKPOINT_BACKSTOP } from '../../../src/core/db/wal-checkpointer';
import { addBlock, createTestChain, openStore } from '../support/chain-fixture';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-checkpoint-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Waits for `done` (vitest's waitUntil, polling every 20 ms for up to 10 s). */
const until = (done: () => boolean) => vi.waitUntil(done, { timeout: 10_000, interval: 20 });

describe('checkpoints off the applying thread', () => {
  it('the database file receives the committed pages from the checkpointer thread while the writer leaves them in the WAL', async () => {
    const chain = createTestChain();
    const store = openStore(chain, tempDir());
    try {
      // The writer checkpoints by itself only past the backstop (SQLite's default is 1,000 frames).
      expect(Number(store.db.pragma('wal_autocheckpoint', { simple: true }))).toBe(
        WRITER_AUTOCHECKPOINT_BACKSTOP,
      );
      for (let i = 0; i < 5; i++) addBlock(chain, store);
      const file = store.db.name;
      const pageSize = Number(store.db.pragma('page_size', { simple: true }));
      const pages = () => Number(store.db.pragma('page_count', { simple: true }));
      // Far fewer frames than either threshold: only the other thread can have copied them into the file.
      expect(statSync(`${file}-wal`).size / (pageSize + 24)).toBeLessThan(1_000);
      await until(() => statSync(file).size === pages() * pageSize);
      expect(store.height()).toBe(6);
    } finally {
      store.close();
    }
    // Closed, the chain opens again at its tip.
    const reopened = openStore(chain, dirs[0]);
    expect(reopened.height()).toBe(6);
    reopened.close();
  });

  it('close() leaves the file as a last connection does: checkpointed, the WAL removed', async () => {
    const chain = createTestChain();
    const store = openStore(chain, tempDir());
    for (let i = 0; i < 3; i++) addBlock(chain, store);
    const file = store.db.name;
    const pageSize = Number(store.db.pragma('page_size', { simple: true }));
    // The thread has its connection open (it has checkpointed) when the store closes, as in a running node.
    await until(
      () => statSync(file).size === Number(store.db.pragma('page_count', { simple: true })) * pageSize,
    );
    addBlock(chain, store);
    expect(existsSync(`${file}-wal`)).toBe(true);
    store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('a chain in memory has no checkpointer and keeps SQLite default', () => {
    const store = openStore(createTestChain());
    expect(Number(store.db.pragma('wal_autocheckpoint', { simple: true }))).toBe(1_000);
    store.close();
  });

  it("puts the writer's own automatic checkpoint back when the thread cannot run", async () => {
    const dir = tempDir();
    const db = openDatabase(join(dir, 'chain.db'));
    try {
      // fileMustExist: the thread's connection fails to open and the thread ends with that error.
      expect(WalCheckpointer.start(db, join(dir, 'missing.db'))).toBeDefined();
      expect(Number(db.pragma('wal_autocheckpoint', { simple: true }))).toBe(WRITER_AUTOCHECKPOINT_BACKSTOP);
      await until(() => Number(db.pragma('wal_autocheckpoint', { simple: true })) === 1_000);
    } finally {
      db.close();
    }
  });
});
