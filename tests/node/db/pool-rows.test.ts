import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, openDatabase } from '../../../src/core/db';
import { PoolRepository, type PoolRow } from '../../../src/core/db/repositories/pool';

/** The `pool` table's rows: appended, found again by rowid, and what a commit of admitted rows costs the WAL. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function row(id: string, nonce = 1n, receivedAt = 1_000): PoolRow {
  return {
    id,
    serialized: new Uint8Array(180).fill(7),
    senderPublicKey: `02${id.slice(0, 64)}`,
    nonce,
    fee: 10_000_000n,
    receivedHeight: 5,
    receivedAt,
  };
}

const randomId = () => randomBytes(32).toString('hex');

function ids(db: ReturnType<typeof openDatabase>): string[] {
  return db.prepare('SELECT id FROM pool ORDER BY rowid').pluck().all() as string[];
}

/** A migrated in-memory chain database and a pool repository on it. */
function memoryPool(): { db: ReturnType<typeof openDatabase>; pool: PoolRepository } {
  const db = openDatabase(':memory:');
  migrate(db);
  return { db, pool: new PoolRepository(db) };
}

function chainFile(): ReturnType<typeof openDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'votary-pool-rows-'));
  dirs.push(dir);
  const db = openDatabase(join(dir, 'chain.db'));
  migrate(db);
  return db;
}

describe('the pool table', () => {
  it('is carried over by migration 014 with its rows in their order, and has no index left', () => {
    const db = openDatabase(':memory:');
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 14),
    );
    const insert = db.prepare(
      `INSERT INTO pool (id, serialized, sender_public_key, nonce, fee, received_height, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const written = ['c', 'a', 'b'].map((c) => c.repeat(64));
    written.forEach((id, i) =>
      insert.run(id, Buffer.from([i]), `02${id}`, BigInt(i), 100n, 7n, 1_000n + BigInt(i)),
    );

    expect(migrate(db)).toEqual({ applied: [14] });
    expect(ids(db)).toEqual(written);
    expect(
      db
        .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'pool'")
        .pluck()
        .get(),
    ).toBe(0n);
    const pool = new PoolRepository(db);
    expect(pool.all().map((r) => [r.id, r.nonce, r.receivedAt])).toEqual([
      ['c'.repeat(64), 0n, 1_000],
      ['a'.repeat(64), 1n, 1_001],
      ['b'.repeat(64), 2n, 1_002],
    ]);
    // The carried rows are found by id.
    pool.remove('a'.repeat(64));
    expect(ids(db)).toEqual(['c'.repeat(64), 'b'.repeat(64)]);
    db.close();
  });

  it('commits a batch of admitted rows as a handful of appended pages, not a page a row', () => {
    const db = chainFile();
    const pool = new PoolRepository(db);
    // A pool already holding 6,000 transactions, checkpointed into the file.
    db.transaction(() => {
      for (let i = 0; i < 6_000; i++) pool.insert(row(randomId()));
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');

    // The next request's 40 rows, committed together as the grouped admission does.
    db.transaction(() => {
      for (let i = 0; i < 40; i++) pool.insert(row(randomId()));
    })();
    const frames = (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;
    // 40 rows of ~300 bytes fill four pages. With the primary key on the random id each row also dirtied a leaf of
    // that index of its own: 40-odd frames.
    expect(Number(frames), `WAL frames: ${frames}`).toBeLessThanOrEqual(10);
    expect(Number(db.prepare('SELECT count(*) FROM pool').pluck().get())).toBe(6_040);
    db.close();
  });

  it('replaces a row written again under its id, and restores only what is absent', () => {
    const { db, pool } = memoryPool();
    const [a, b] = [randomId(), randomId()];
    pool.insert(row(a, 1n));
    pool.insert(row(b, 1n));
    pool.insert(row(a, 2n));
    expect(ids(db)).toEqual([b, a]);
    expect(pool.all().find((r) => r.id === a)?.nonce).toBe(2n);

    pool.restore(row(a, 3n));
    expect(pool.all().find((r) => r.id === a)?.nonce).toBe(2n);
    pool.remove(a);
    pool.restore(row(a, 3n));
    expect(pool.all().find((r) => r.id === a)?.nonce).toBe(3n);
    expect(ids(db)).toEqual([b, a]);
    db.close();
  });

  it('is one set of rows for every repository on the connection: the chain store deletes what the pool wrote', () => {
    const { db, pool: poolSide } = memoryPool();
    const storeSide = new PoolRepository(db);
    const [a, b, forgedElsewhere] = [randomId(), randomId(), randomId()];
    poolSide.insert(row(a));
    poolSide.insert(row(b));
    storeSide.remove(a);
    storeSide.remove(forgedElsewhere);
    expect(ids(db)).toEqual([b]);
    // A repository opened later finds the rows already there.
    const db2Side = new PoolRepository(db);
    db2Side.delete([b]);
    expect(ids(db)).toEqual([]);
    db.close();
  });

  it('does not delete another row given the rowid of an insert that was rolled back', () => {
    const { db, pool } = memoryPool();
    const [kept, undone, next] = [randomId(), randomId(), randomId()];
    pool.insert(row(kept));
    expect(() =>
      db.transaction(() => {
        pool.insert(row(undone));
        throw new Error('the admitting batch failed');
      })(),
    ).toThrow('the admitting batch failed');
    // SQLite hands the rolled-back row's rowid to the next row.
    pool.insert(row(next));
    pool.remove(undone);
    expect(ids(db)).toEqual([kept, next]);
    db.close();
  });

  it('finds a row again once the rows are read back, after a delete of it was rolled back', () => {
    const { db, pool } = memoryPool();
    const [a, b] = [randomId(), randomId()];
    pool.insert(row(a));
    pool.insert(row(b));
    expect(() =>
      db.transaction(() => {
        pool.remove(a);
        throw new Error('the block failed');
      })(),
    ).toThrow('the block failed');
    expect(ids(db)).toEqual([a, b]);
    // Read back whole (a restart, a revert), every row is known again.
    expect(
      pool
        .all()
        .map((r) => r.id)
        .sort(),
    ).toEqual([a, b].sort());
    pool.remove(a);
    expect(ids(db)).toEqual([b]);
    db.close();
  });
});
