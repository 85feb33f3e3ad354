/**
 * The bulk-load mode of the scale chain's build (scale-chain-db.ts): the same rows through the same repository
 * statements, but without paying for the secondary indexes and the counting triggers row by row.
 *
 * - The secondary indexes of the tables the build appends to are dropped first and created again at the end from
 *   their own `sqlite_master` text, so the schema afterwards is byte for byte the migrations' (SQLite stores the
 *   statement's text as given); one sort per index instead of a random B-tree insert per row.
 * - The triggers that count inserted rows (the API's kept counts: migrations 002, 005 and 010, and the seek marks
 *   of 012) are dropped too and
 *   recreated from their text; what they would have counted is counted here, in the order they would have first
 *   inserted each counter row, and written once at the end. Any other insert trigger on those tables stops the
 *   build: its effect could not be reproduced.
 * - The journal is off and the page cache large while loading; WAL is restored at the end. better-sqlite3 opens
 *   every connection with SQLITE_DBCONFIG_DEFENSIVE, under which SQLite refuses `journal_mode = OFF` and keeps the
 *   mode it had (https://www.sqlite.org/c3ref/c_dbconfig_defensive.html) — silently: the pragma just answers `wal`.
 *   The load lifts it (better-sqlite3's `unsafeMode`) until the finish; left in WAL, every page of the load went
 *   through the WAL and was copied again by a checkpoint, and the finish — one transaction — grew the WAL by every
 *   page of every recreated index before its commit.
 *
 * - `indexLayout: 'follower'` keeps the secondary indexes through the load instead: each row goes into each index as
 *   a follower writes it, block by block. Random keys (block ids, transaction ids, addresses) then land on random
 *   leaves, which SQLite splits when full, so the leaves end about two thirds full and scattered through the file,
 *   as on a chain a node synced itself. `CREATE INDEX` (the default, 'sorted') fills every leaf and lays them out in
 *   order: faster to build, but the first insert into each leaf splits it and reads both neighbours (btree.c
 *   balance_nonroot), which a follower's chain rarely does.
 *
 * A crash half-way leaves the database without its indexes: the build marks itself in `meta` while loading so that
 * the next run starts over (scale-chain-db.ts). tests/bench/scale-bulk-load.test.ts compares a chain built this way
 * with one built row by row, table by table.
 */
import type Database from 'better-sqlite3';
import { rebuildSeekMarks, recountOpenLocks } from '../../src/core/db/migrations/012-api-seek-marks';

/** The tables the scale build appends to. */
const LOADED_TABLES = ['blocks', 'transactions', 'transaction_recipients', 'locks'];

/** The insert triggers whose counting this module reproduces. */
const COUNTING_TRIGGERS = new Set([
  'api_count_transactions_insert',
  'api_count_types_insert',
  'api_count_generator_insert',
  'api_count_open_locks_insert',
]);

export const BULK_LOAD_MARKER = 'bench.scaleBulkLoad';

interface SchemaObject {
  type: string;
  name: string;
  sql: string;
}

/** Counts of what the dropped triggers would have counted, in the order of first occurrence. */
export class KeptCounts {
  transactions = 0;
  readonly types = new Map<string, { typeGroup: number; type: number; count: number }>();
  readonly generators = new Map<string, number>();

  block(generatorPublicKey: string): void {
    this.generators.set(generatorPublicKey, (this.generators.get(generatorPublicKey) ?? 0) + 1);
  }

  transaction(typeGroup: number, type: number): void {
    this.transactions++;
    const key = `${typeGroup}:${type}`;
    const entry = this.types.get(key);
    if (entry) entry.count++;
    else this.types.set(key, { typeGroup, type, count: 1 });
  }
}

/** Where the finish reports how long each of its steps took (the build log: `  finish <step>: <seconds> s`). */
export type StepLog = (line: string) => void;

export interface BulkLoad {
  readonly counts: KeptCounts;
  /** Writes the counts, recreates the triggers and indexes, restores the journal; each step's time to `log`. */
  finish(log?: StepLog): void;
}

/** Runs `step`, then logs its wall time. */
function timed<T>(log: StepLog | undefined, name: string, step: () => T): T {
  const started = performance.now();
  const result = step();
  log?.(`  finish ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** How the loaded tables' secondary indexes are written: sorted at the end, or kept through the load (see above). */
export type IndexLayout = 'sorted' | 'follower';

export function beginBulkLoad(db: Database.Database, indexLayout: IndexLayout = 'sorted'): BulkLoad {
  const placeholders = LOADED_TABLES.map(() => '?').join(', ');
  const objects = db
    .prepare<string[], SchemaObject>(
      `SELECT type, name, sql FROM sqlite_master
        WHERE tbl_name IN (${placeholders}) AND type IN ('index', 'trigger') AND sql IS NOT NULL
        ORDER BY rowid`,
    )
    .all(...LOADED_TABLES);
  const indexes = indexLayout === 'sorted' ? objects.filter((object) => object.type === 'index') : [];
  const triggers = objects.filter(
    (object) => object.type === 'trigger' && /\bAFTER\s+INSERT\b/i.test(object.sql),
  );
  const unknown = triggers.filter((trigger) => !COUNTING_TRIGGERS.has(trigger.name));
  if (unknown.length > 0) {
    throw new Error(
      `bulk load: insert trigger(s) ${unknown.map((t) => t.name).join(', ')} not reproduced here`,
    );
  }
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(BULK_LOAD_MARKER, '1');
  db.unsafeMode(true);
  const journal = db.pragma('journal_mode = OFF', { simple: true }) as string;
  if (journal !== 'off') throw new Error(`bulk load: the journal stayed ${journal} instead of off`);
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -2000000');
  db.transaction(() => {
    for (const trigger of triggers) db.exec(`DROP TRIGGER ${trigger.name}`);
    for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
  })();
  const counts = new KeptCounts();
  return {
    counts,
    finish(log) {
      const addTransactions = db.prepare<[number]>(
        "UPDATE api_counters SET value = value + ? WHERE name = 'transactions'",
      );
      const addType = db.prepare<[number, number, number]>(
        `INSERT INTO api_type_counters (type_group, type, value) VALUES (?, ?, ?)
           ON CONFLICT (type_group, type) DO UPDATE SET value = value + excluded.value`,
      );
      const addGenerator = db.prepare<[string, number]>(
        `INSERT INTO api_generator_counters (generator_id, blocks)
           VALUES ((SELECT id FROM delegate_keys WHERE public_key = ?), ?)
           ON CONFLICT (generator_id) DO UPDATE SET blocks = blocks + excluded.blocks`,
      );
      const started = performance.now();
      let committing = started;
      db.transaction(() => {
        timed(log, 'counters', () => {
          if (counts.transactions > 0) addTransactions.run(counts.transactions);
          for (const { typeGroup, type, count } of counts.types.values()) addType.run(typeGroup, type, count);
          for (const [key, count] of counts.generators) addGenerator.run(key, count);
        });
        for (const index of indexes) timed(log, `index ${index.name}`, () => db.exec(index.sql));
        // The seek marks the insert triggers would have written (migration 012), from the rows in one pass — after
        // the indexes, which that pass walks (blocks_generator_height, transactions_block_sequence,
        // api_transactions_type_order). Before them, each step of a delegate's marks scanned the blocks of every
        // delegate, and each step of the transactions' marks scanned and sorted the whole table: growing with the
        // square of the chain (minutes at 2 M blocks, hours at 40 M).
        timed(log, 'seek marks', () => rebuildSeekMarks(db));
        timed(log, 'open locks', () => recountOpenLocks(db));
        timed(log, 'triggers', () => {
          for (const trigger of triggers) db.exec(trigger.sql);
          db.prepare('DELETE FROM meta WHERE key = ?').run(BULK_LOAD_MARKER);
        });
        committing = performance.now();
      })();
      log?.(`  finish commit: ${((performance.now() - committing) / 1000).toFixed(1)} s`);
      timed(log, 'journal back to WAL', () => {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.unsafeMode(false);
      });
      log?.(`  finish total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}

/** True when a bulk load was started and not finished (the database lacks indexes or triggers). */
export function bulkLoadInterrupted(db: Database.Database): boolean {
  return (
    db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(BULK_LOAD_MARKER) !==
    undefined
  );
}
