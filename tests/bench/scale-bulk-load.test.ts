/**
 * bench:scale's bulk build (scale-bulk-load.ts) must store exactly what the node's writers store row by row: the
 * same schema text, every table's rows with their rowids, the API's kept counts. Two small chains of the scale
 * shape, one built each way and grown in two steps (the second step adds to counters that already exist).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/core/db';
import { LOCALNET_NAME } from '../../src/core/node/localnet';
import { chainDatabasePath, openLocalnetChain } from '../../src/core/node/chain-files';
import { beginBulkLoad, bulkLoadInterrupted, type IndexLayout } from './scale-bulk-load';
import { benchWallets } from './api-chain-db';
import { growScaleChain, scaleChainHeight, scaleWallets, type ScaleShape } from './scale-chain-db';

const SHAPE: ScaleShape = { txEvery: 2, wallets: 120 };
/**
 * Long enough for every one of the 51 delegates to forge more than MARK_EVERY (256) blocks, so that a delegate's
 * seek marks (migration 012) are compared too, not only the transactions'.
 */
const HEIGHT = 14_001;
const dirs: string[] = [];

function chainDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-scale-bulk-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The schema (by name) and every table's rows in rowid order (primary-key order for WITHOUT ROWID tables). */
function contents(db: Database.Database): Record<string, unknown> {
  const schema = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name').all() as {
    type: string;
    name: string;
  }[];
  const tables: Record<string, unknown> = { schema };
  const list = db
    .prepare("SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table'")
    .all() as {
    name: string;
    wr: bigint;
  }[];
  for (const { name, wr } of list) {
    if (name.startsWith('sqlite_')) continue;
    const rows = db
      .prepare(
        wr === 1n ? `SELECT * FROM "${name}"` : `SELECT rowid AS _rowid, * FROM "${name}" ORDER BY rowid`,
      )
      .all();
    tables[name] = rows;
  }
  return tables;
}

function build(bulk: boolean, indexLayout: IndexLayout = 'sorted'): Database.Database {
  const dir = chainDir();
  growScaleChain(dir, 2_501, SHAPE, () => undefined, { bulk, indexLayout });
  growScaleChain(dir, HEIGHT, SHAPE, () => undefined, { bulk, indexLayout });
  expect(scaleChainHeight(dir, SHAPE)).toBe(HEIGHT);
  return openDatabase(chainDatabasePath(dir, LOCALNET_NAME));
}

describe('bench:scale bulk build', () => {
  it('derives the same wallets as bench:api', () => {
    expect(scaleWallets(300)).toEqual(benchWallets(300));
  });

  it('loads with the journal off and leaves the chain in WAL on a defensive connection again', () => {
    const dir = chainDir();
    openLocalnetChain(dir).close();
    const db = openDatabase(chainDatabasePath(dir, LOCALNET_NAME));
    try {
      const load = beginBulkLoad(db);
      // better-sqlite3's defensive connection answers `wal` to `journal_mode = OFF` and keeps its WAL.
      expect(db.pragma('journal_mode', { simple: true })).toBe('off');
      expect(bulkLoadInterrupted(db)).toBe(true);
      load.finish();
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(bulkLoadInterrupted(db)).toBe(false);
      expect(db.pragma('journal_mode = OFF', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  /** The share of `index`'s leaf pages' bytes in use (SQLite's dbstat table). */
  const leafFill = (db: Database.Database, index: string): number =>
    db
      .prepare(
        "SELECT sum(pgsize - unused) * 1.0 / sum(pgsize) FROM dbstat WHERE name = ? AND pagetype = 'leaf'",
      )
      .pluck()
      .get(index) as number;

  it.each(['sorted', 'follower'] as const)(
    'stores the same schema, rows and kept counts as the node writing row by row (%s indexes)',
    (indexLayout) => {
      const slow = build(false);
      const bulk = build(true, indexLayout);
      try {
        const expected = contents(slow);
        const actual = contents(bulk);
        expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
        // When each migration ran is the one thing that differs (a clock reading).
        const undated = (rows: unknown) =>
          (rows as Record<string, unknown>[]).map((row) => ({ ...row, applied_at: undefined }));
        actual['schema_migrations'] = undated(actual['schema_migrations']);
        expected['schema_migrations'] = undated(expected['schema_migrations']);
        const differing = Object.keys(expected).filter(
          (name) => !isDeepStrictEqual(actual[name], expected[name]),
        );
        expect(differing).toEqual([]);
        // The chain really holds what the counters count (not two equally wrong builds).
        const counted = slow
          .prepare("SELECT value FROM api_counters WHERE name = 'transactions'")
          .pluck()
          .get();
        expect(counted).toBe(slow.prepare('SELECT count(*) FROM transactions').pluck().get());
        expect(counted).toBeGreaterThan(2_000n);
        for (const marks of ['api_generator_marks', 'api_transaction_marks', 'api_type_marks']) {
          expect(slow.prepare(`SELECT count(*) FROM ${marks}`).pluck().get(), marks).toBeGreaterThan(0n);
        }
        expect(bulk.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(bulk.pragma('journal_mode', { simple: true })).toBe('wal');
        // The layouts differ as they claim: CREATE INDEX fills every leaf of the random-key index; kept through the
        // load, as the node writing row by row, its leaves are split as keys arrive and are left partly empty.
        const fill = leafFill(bulk, 'blocks_id');
        if (indexLayout === 'sorted') expect(fill).toBeGreaterThan(0.97);
        else expect(fill).toBeCloseTo(leafFill(slow, 'blocks_id'), 6);
        expect(leafFill(slow, 'blocks_id')).toBeLessThan(0.95);
      } finally {
        slow.close();
        bulk.close();
      }
    },
  );
});
