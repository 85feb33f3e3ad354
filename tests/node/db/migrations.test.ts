import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, openDatabase, schemaVersion } from '../../../src/core/db';

const LATEST = Math.max(...MIGRATIONS.map((m) => m.version));

function names(db: ReturnType<typeof openDatabase>, type: 'table' | 'index'): string[] {
  return db
    .prepare<[string], { name: string }>('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name')
    .all(type)
    .map((row) => row.name);
}

describe('migrations', () => {
  it('bring a fresh database to the latest version, and re-running applies nothing', () => {
    const db = openDatabase(':memory:');
    expect(schemaVersion(db)).toBe(0);
    expect(migrate(db)).toEqual({ applied: MIGRATIONS.map((m) => m.version) });
    expect(schemaVersion(db)).toBe(LATEST);
    expect(migrate(db)).toEqual({ applied: [] });
    db.close();
  });

  it('create the tables and indexes of the design', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    expect(names(db, 'table')).toEqual(
      expect.arrayContaining([
        'blocks',
        'transactions',
        'transaction_recipients',
        'wallets',
        'delegates',
        'rounds',
        'round_ranks',
        'locks',
        'entities',
        'ipfs_hashes',
        'pool',
        'meta',
        'schema_migrations',
      ]),
    );
    expect(names(db, 'index')).toEqual(
      expect.arrayContaining([
        'blocks_generator_height',
        'blocks_timestamp',
        'transactions_block_sequence',
        'api_transactions_sender_address_order',
        'api_transactions_sender_key_order',
        'api_transactions_recipient_order',
        'api_transactions_type_order',
        'api_wallets_balance_order',
        'transactions_timestamp',
        'transaction_recipients_address',
        'delegates_vote_balance',
        'rounds_public_key',
        'locks_sender_address',
        'locks_recipient_address',
        'entities_type_name',
      ]),
    );
    // No index is the prefix of another one: each would cost every block's writes and serve no lookup the longer
    // one does not.
    const indexes = names(db, 'index');
    for (const dropped of [
      'transactions_sender_address',
      'transactions_sender_public_key',
      'transactions_recipient_address',
      'transactions_type',
      'wallets_balance',
    ]) {
      expect(indexes).not.toContain(dropped);
    }
    // The pool's rows are appended, read back whole and deleted by rowid: an index by sender or by id would only
    // cost each admission a random leaf.
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'pool'").pluck().all(),
    ).toEqual([]);
    db.close();
  });

  it('apply each missing migration in its own transaction: a failing one leaves the earlier ones', () => {
    const db = openDatabase(':memory:');
    const broken = [
      ...MIGRATIONS,
      {
        version: LATEST + 1,
        name: 'broken',
        up(target: typeof db) {
          target.exec('CREATE TABLE half_done (x INTEGER)');
          throw new Error('boom');
        },
      },
    ];
    expect(() => migrate(db, broken)).toThrow('boom');
    expect(schemaVersion(db)).toBe(LATEST);
    expect(names(db, 'table')).not.toContain('half_done');
    db.close();
  });

  it('open file databases in WAL mode with foreign keys, NORMAL sync and bigint integers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'votary-db-'));
    try {
      const db = openDatabase(join(dir, 'chain.db'));
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1n);
      expect(db.pragma('synchronous', { simple: true })).toBe(1n);
      expect(Number(db.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
      expect(db.prepare('SELECT 9223372036854775807 AS n').get()).toEqual({ n: 9223372036854775807n });
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
