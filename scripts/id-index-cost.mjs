#!/usr/bin/env node
/**
 * What one new random id costs an index of millions, by the type of its key: the 64-character hex text the chain
 * stores transaction ids as, the 32 bytes it stores block ids as (migration 008), or an 8-byte integer prefix of
 * the id. docs/benchmarks.md "Scale: what a smaller id key would buy" cites it.
 *
 * For each key type a file with `ROWS` rows (200 bytes of padding each, as a transaction's row is wide) and a
 * UNIQUE index on the key is built once, inserting in random order as a follower does. Then, as bench:scale's apply
 * step does: the file is dropped from the OS page cache, 20,000 look-ups from a second connection read the index's
 * interior pages back, and 60 commits of 50 new random keys each are timed, each key looked up first from that
 * second connection (the read-ahead of db/leaf-prefetcher.ts). The inserted rows are deleted again, so runs repeat.
 *
 *   node scripts/id-index-cost.mjs [ROWS=4000000] [DIR=/var/tmp]
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const ROWS = Number(process.argv[2] ?? 4_000_000);
const DIR = process.argv[3] ?? '/var/tmp';
const COMMITS = 60;
const PER_COMMIT = 50;
const PAD = Buffer.alloc(200);

const VARIANTS = {
  'text (64 hex characters)': { type: 'TEXT', key: (bytes) => bytes.toString('hex') },
  'blob (32 bytes)': { type: 'BLOB', key: (bytes) => bytes },
  'integer (8-byte prefix)': { type: 'INTEGER', key: (bytes) => bytes.readBigInt64BE(0) },
};

function build(file, { type, key }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1000000');
  db.exec(`CREATE TABLE t (id ${type} NOT NULL, h INTEGER NOT NULL, pad BLOB);
           CREATE UNIQUE INDEX t_id ON t (id);`);
  const insert = db.prepare('INSERT INTO t (id, h, pad) VALUES (?, ?, ?)');
  for (let from = 0; from < ROWS; from += 100_000) {
    db.transaction(() => {
      for (let row = from; row < Math.min(ROWS, from + 100_000); row++)
        insert.run(key(randomBytes(32)), row, PAD);
    })();
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

function measure(file, { key }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // The node checkpoints on a thread of its own (db/wal-checkpointer.ts), not in the writer's commits.
  db.pragma('wal_autocheckpoint = 0');
  const index = db
    .prepare("SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = 't_id'")
    .safeIntegers(false)
    .get();
  db.pragma('wal_checkpoint(TRUNCATE)');
  execFileSync('sh', ['-c', `sync; dd if="${file}" iflag=nocache count=0 2>/dev/null`]);
  const ahead = new Database(file, { readonly: true });
  const lookUp = ahead.prepare('SELECT 1 FROM t WHERE id >= ? ORDER BY id LIMIT 1');
  for (let i = 0; i < 20_000; i++) lookUp.get(key(randomBytes(32)));
  const insert = db.prepare('INSERT INTO t (id, h, pad) VALUES (?, -1, ?)');
  let insertNs = 0n;
  let commitNs = 0n;
  for (let c = 0; c < COMMITS; c++) {
    const keys = Array.from({ length: PER_COMMIT }, () => key(randomBytes(32)));
    for (const k of keys) lookUp.get(k);
    const started = process.hrtime.bigint();
    db.exec('BEGIN');
    for (const k of keys) insert.run(k, PAD);
    const inserted = process.hrtime.bigint();
    db.exec('COMMIT');
    commitNs += process.hrtime.bigint() - inserted;
    insertNs += inserted - started;
  }
  db.exec('DELETE FROM t WHERE h = -1');
  db.pragma('wal_checkpoint(TRUNCATE)');
  ahead.close();
  db.close();
  const each = (ns) => Math.round(Number(ns) / (COMMITS * PER_COMMIT) / 100) / 10;
  return {
    indexMB: Math.round(index.bytes / 1e6),
    insertMicros: each(insertNs),
    commitMicros: each(commitNs),
  };
}

for (const [name, variant] of Object.entries(VARIANTS)) {
  const file = join(DIR, `id-index-cost-${variant.type.toLowerCase()}-${ROWS}.db`);
  if (!existsSync(file)) build(file, variant);
  console.log(JSON.stringify({ rows: ROWS, key: name, ...measure(file, variant) }));
}
