/**
 * The seek marks of a delegate's blocks, of every transaction and of each type's transactions (migration 012) are what a fresh computation from the rows gives — after
 * blocks are added, reverted one by one, rolled back many at once (in any order SQLite deletes them), replaced by
 * another branch, and on a chain stored before the migration — and a rank found through them is the block an
 * OFFSET walk finds.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, openDatabase } from '../../../src/core/db';
import { MARK_EVERY } from '../../../src/core/db/migrations/012-api-seek-marks';
import {
  generatorHeightAtRank,
  transactionAtRank,
  type TransactionList,
} from '../../../src/core/db/read-model/seek';
import { StatementCache } from '../../../src/core/db/read-model/sql/statement-cache';

const KEYS = ['02aa', '02bb', '03cc'].map((prefix) => prefix.padEnd(66, '0'));

function chainDb(upTo = Number.MAX_SAFE_INTEGER): Database.Database {
  const db = openDatabase(':memory:');
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= upTo),
  );
  const key = db.prepare('INSERT INTO delegate_keys (id, public_key) VALUES (?, ?)');
  KEYS.forEach((publicKey, i) => key.run(i + 1, publicKey));
  return db;
}

/** Deterministic, uneven generators: runs of one delegate, as missed slots make them. */
function generatorAt(height: number, branch: number): number {
  return ((height * 7 + branch * 3 + Math.floor(height / 11)) % 5) % KEYS.length;
}

/** Types of a block's transactions: 0–3 a block, types mixed unevenly. */
function typesAt(height: number, branch: number): number[] {
  const count = (height * 5 + branch) % 4;
  return Array.from({ length: count }, (_, i) => ((height + i * 3 + branch) % 7) % 3);
}

function addBlocks(db: Database.Database, from: number, to: number, branch = 0): void {
  const transaction = db.prepare(
    `INSERT INTO transactions (id, block_height, sequence, version, type_group, type, timestamp, nonce,
                               sender_public_key, sender_address, amount, fee, serialized)
     VALUES (?, ?, ?, 2, 1, ?, 0, 1, 'k', 'a', 0, 0, x'00')`,
  );
  const insert = db.prepare(
    `INSERT INTO blocks (height, id, version, timestamp, number_of_transactions, total_amount, total_fee, reward,
                         payload_length, generator_id, block_signature)
     VALUES (?, ?, 0, ?, 0, 0, 0, 0, 0, ?, ?)`,
  );
  db.transaction(() => {
    for (let height = from; height <= to; height++) {
      const id = Buffer.alloc(32);
      id.writeUInt32BE(height, 0);
      id.writeUInt32BE(branch, 4);
      insert.run(height, id, height * 8, generatorAt(height, branch) + 1, Buffer.from([height & 0xff]));
      typesAt(height, branch).forEach((type, sequence) =>
        transaction.run(`${branch}:${height}:${sequence}`, height, sequence, type),
      );
    }
  })();
}

function keptMarks(db: Database.Database): unknown[] {
  return db.prepare('SELECT generator_id, height, ordinal FROM api_generator_marks ORDER BY 1, 2').all();
}

function freshMarks(db: Database.Database): unknown[] {
  return db
    .prepare(
      `SELECT generator_id, height, ordinal FROM (
         SELECT generator_id, height, row_number() OVER (PARTITION BY generator_id ORDER BY height) AS ordinal
           FROM blocks)
        WHERE ordinal % ${MARK_EVERY} = 0 ORDER BY 1, 2`,
    )
    .all();
}

function expectTransactionMarksFresh(db: Database.Database): void {
  expect(
    db.prepare('SELECT block_height, sequence, ordinal FROM api_transaction_marks ORDER BY 3').all(),
  ).toEqual(
    db
      .prepare(
        `SELECT block_height, sequence, ordinal FROM (
           SELECT block_height, sequence, row_number() OVER (ORDER BY block_height, sequence) AS ordinal
             FROM transactions)
          WHERE ordinal % ${MARK_EVERY} = 0 ORDER BY 3`,
      )
      .all(),
  );
  expect(
    db
      .prepare(
        'SELECT type_group, type, block_height, sequence, ordinal FROM api_type_marks ORDER BY 1, 2, 5',
      )
      .all(),
  ).toEqual(
    db
      .prepare(
        `SELECT type_group, type, block_height, sequence, ordinal FROM (
           SELECT type_group, type, block_height, sequence,
                  row_number() OVER (PARTITION BY type_group, type ORDER BY block_height, sequence) AS ordinal
             FROM transactions)
          WHERE ordinal % ${MARK_EVERY} = 0 ORDER BY 1, 2, 5`,
      )
      .all(),
  );
  const sql = new StatementCache(db);
  const position = (row: { block_height: bigint; sequence: bigint } | undefined) =>
    row && { blockHeight: Number(row.block_height), sequence: Number(row.sequence) };
  const lists: [TransactionList, string][] = [
    ['all', ''],
    ...[0, 1, 2].map((type): [TransactionList, string] => [
      { typeGroup: 1, type },
      `WHERE type_group = 1 AND type = ${type}`,
    ]),
  ];
  for (const [list, where] of lists) {
    const total = Number(
      (db.prepare(`SELECT count(*) AS n FROM transactions ${where}`).get() as { n: bigint }).n,
    );
    for (const rank of [
      1,
      2,
      MARK_EVERY - 1,
      MARK_EVERY,
      MARK_EVERY + 1,
      2 * MARK_EVERY + 7,
      total,
      total + 1,
    ]) {
      const fresh = db
        .prepare(
          `SELECT block_height, sequence FROM transactions ${where} ORDER BY block_height, sequence LIMIT 1 OFFSET ?`,
        )
        .get(rank - 1) as { block_height: bigint; sequence: bigint } | undefined;
      expect(transactionAtRank(sql, list, rank)).toEqual(position(fresh));
    }
  }
}

function expectKeptEqualsFresh(db: Database.Database): void {
  const marks = keptMarks(db);
  expect(marks).toEqual(freshMarks(db));
  expectTransactionMarksFresh(db);
  const counters = db
    .prepare(
      `SELECT c.blocks AS kept, (SELECT count(*) FROM blocks b WHERE b.generator_id = c.generator_id) AS fresh
         FROM api_generator_counters c`,
    )
    .all() as { kept: bigint; fresh: bigint }[];
  for (const row of counters) expect(row.kept).toBe(row.fresh);
  // Every rank, found through the marks, is the block an OFFSET walk finds.
  const sql = new StatementCache(db);
  for (const [i, publicKey] of KEYS.entries()) {
    const heights = (
      db.prepare('SELECT height FROM blocks WHERE generator_id = ? ORDER BY height').all(i + 1) as {
        height: bigint;
      }[]
    ).map((row) => Number(row.height));
    for (let rank = 1; rank <= heights.length + 1; rank += rank < 20 ? 1 : 37) {
      expect(generatorHeightAtRank(sql, publicKey, rank)).toBe(heights[rank - 1]);
    }
    for (const rank of [MARK_EVERY - 1, MARK_EVERY, MARK_EVERY + 1, heights.length]) {
      expect(generatorHeightAtRank(sql, publicKey, rank)).toBe(heights[rank - 1]);
    }
  }
}

describe('seek marks', () => {
  it('are kept through blocks added, reverted, rolled back and replaced by a fork', () => {
    const db = chainDb();
    addBlocks(db, 1, 3 * MARK_EVERY * 3 + 17);
    expect(keptMarks(db).length).toBeGreaterThanOrEqual(6);
    expect((db.prepare('SELECT count(*) AS n FROM api_type_marks').get() as { n: bigint }).n).toBeGreaterThan(
      6n,
    );
    expectKeptEqualsFresh(db);

    // Reverts at the tip, one block at a time.
    const revert = db.prepare('DELETE FROM blocks WHERE height = (SELECT max(height) FROM blocks)');
    for (let i = 0; i < 300; i++) revert.run();
    expectKeptEqualsFresh(db);

    // A rollback: many blocks in one statement.
    db.prepare('DELETE FROM blocks WHERE height > ?').run(MARK_EVERY + 5);
    expectKeptEqualsFresh(db);

    // Another branch forged by other delegates from there.
    addBlocks(db, MARK_EVERY + 6, 4 * MARK_EVERY * 3, 1);
    expectKeptEqualsFresh(db);
    db.close();
  });

  it('are built by the migration on a chain stored before it, and kept after', () => {
    const db = chainDb(11);
    addBlocks(db, 1, 2 * MARK_EVERY * 3 + 40);
    migrate(db);
    expect(keptMarks(db).length).toBeGreaterThanOrEqual(4);
    expectKeptEqualsFresh(db);
    addBlocks(db, 2 * MARK_EVERY * 3 + 41, 3 * MARK_EVERY * 3 + 2);
    expectKeptEqualsFresh(db);
    db.close();
  });

  it('are not read past a delegate’s last block, or for an unknown key', () => {
    const db = chainDb();
    addBlocks(db, 1, 30);
    const sql = new StatementCache(db);
    expect(generatorHeightAtRank(sql, KEYS[0]!, 0)).toBeUndefined();
    expect(generatorHeightAtRank(sql, KEYS[0]!, 31)).toBeUndefined();
    expect(generatorHeightAtRank(sql, '02'.padEnd(66, 'f'), 1)).toBeUndefined();
    db.close();
  });
});
