import type Database from 'better-sqlite3';
import type { Migration } from './types';

/**
 * One kept mark every MARK_EVERY rows of a list in chain order: the list's row with that rank (1-based, oldest
 * first). A deep page of such a list seeks instead of skipping: the rank of the page's first row is arithmetic
 * from the kept total (api_generator_counters, api_counters, api_type_counters), the mark at or below that rank is
 * one index look-up, and the rest is a walk of fewer than MARK_EVERY index entries — the same cost at any depth and
 * any chain length. An OFFSET walked every skipped entry: a delegate's page halfway through its blocks cost
 * 11 → 26 → 53 ms at 1 M → 5 M → 10 M blocks (docs/benchmarks.md "Scale").
 */
export const MARK_EVERY = 256;

/**
 * The `api_counters` row of the open locks (`/locks` lists only those, as ARK's wallet state holds only those):
 * its exact total without counting them on each request.
 */
export const OPEN_LOCKS = 'open_locks';

/** The open-lock count from the rows, for a bulk load that wrote locks without the triggers. */
export function recountOpenLocks(db: Database.Database): void {
  db.prepare(
    `UPDATE api_counters SET value = (SELECT count(*) FROM locks WHERE status = 'locked') WHERE name = ?`,
  ).run(OPEN_LOCKS);
}

/**
 * Marks rebuilt from the rows themselves, in SQL (no row reaches JavaScript): each list's next mark is the entry
 * MARK_EVERY − 1 past the last one in the index that orders the list, found by a recursive query that jumps with
 * OFFSET along the index — a cursor step per entry and no per-row window function (a `row_number()` pass over
 * 3,000,001 blocks took 5.6 s, this 0.3 s). Used by the migration and after a bulk load that wrote rows without
 * the triggers.
 */
export function rebuildSeekMarks(db: Database.Database): void {
  const skip = MARK_EVERY - 1;
  db.exec(`
    DELETE FROM api_generator_marks;
    WITH RECURSIVE m (generator_id, height, ordinal) AS (
      SELECT k.id, (SELECT height FROM blocks WHERE generator_id = k.id ORDER BY height LIMIT 1 OFFSET ${skip}),
             ${MARK_EVERY}
        FROM delegate_keys k
      UNION ALL
      SELECT m.generator_id,
             (SELECT b.height FROM blocks b WHERE b.generator_id = m.generator_id AND b.height > m.height
               ORDER BY b.height LIMIT 1 OFFSET ${skip}),
             m.ordinal + ${MARK_EVERY}
        FROM m WHERE m.height IS NOT NULL
    )
    INSERT INTO api_generator_marks (generator_id, height, ordinal)
      SELECT generator_id, height, ordinal FROM m WHERE height IS NOT NULL;

    DELETE FROM api_transaction_marks;
    WITH RECURSIVE m (row, ordinal) AS (
      SELECT (SELECT rowid FROM transactions ORDER BY block_height, sequence LIMIT 1 OFFSET ${skip}), ${MARK_EVERY}
      UNION ALL
      SELECT (SELECT t.rowid FROM transactions t
               WHERE (t.block_height, t.sequence) > (SELECT block_height, sequence FROM transactions WHERE rowid = m.row)
               ORDER BY t.block_height, t.sequence LIMIT 1 OFFSET ${skip}),
             m.ordinal + ${MARK_EVERY}
        FROM m WHERE m.row IS NOT NULL
    )
    INSERT INTO api_transaction_marks (block_height, sequence, ordinal)
      SELECT t.block_height, t.sequence, m.ordinal FROM m JOIN transactions t ON t.rowid = m.row;

    DELETE FROM api_type_marks;
    WITH RECURSIVE m (type_group, type, row, ordinal) AS (
      SELECT c.type_group, c.type,
             (SELECT rowid FROM transactions WHERE type_group = c.type_group AND type = c.type
               ORDER BY block_height, sequence LIMIT 1 OFFSET ${skip}),
             ${MARK_EVERY}
        FROM api_type_counters c
      UNION ALL
      SELECT m.type_group, m.type,
             (SELECT t.rowid FROM transactions t
               WHERE t.type_group = m.type_group AND t.type = m.type
                 AND (t.block_height, t.sequence) > (SELECT block_height, sequence FROM transactions WHERE rowid = m.row)
               ORDER BY t.block_height, t.sequence LIMIT 1 OFFSET ${skip}),
             m.ordinal + ${MARK_EVERY}
        FROM m WHERE m.row IS NOT NULL
    )
    INSERT INTO api_type_marks (type_group, type, block_height, sequence, ordinal)
      SELECT m.type_group, m.type, t.block_height, t.sequence, m.ordinal FROM m JOIN transactions t ON t.rowid = m.row;
  `);
}

/**
 * Marks of three lists, each keyed by its row's position in the chain (a reverted row's mark goes with it,
 * whatever order a rollback deletes rows in) and found by rank:
 * - a delegate's blocks (`/delegates/{key}/blocks`, `/blocks?generatorPublicKey=`), ranked by height;
 * - every transaction (`/transactions`), and the transactions of one type (`/transactions?type=…`, `/votes`),
 *   ranked by (block height, sequence) — the order the block store inserts them in.
 * Deleting is a trigger of its own; inserting is the counting trigger of the list's total (migrations 002, 005,
 * 010) again with the mark written after the count, so a mark's rank is the count that includes its row — two
 * triggers on one insert have no order SQLite promises. And the open locks' total is kept (OPEN_LOCKS).
 */
export const apiSeekMarks: Migration = {
  version: 12,
  name: 'api-seek-marks',
  up(db) {
    db.exec(`
      CREATE TABLE api_generator_marks (
        generator_id INTEGER NOT NULL,
        height       INTEGER NOT NULL,
        ordinal      INTEGER NOT NULL,
        PRIMARY KEY (generator_id, height)
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX api_generator_marks_ordinal ON api_generator_marks (generator_id, ordinal);

      DROP TRIGGER api_count_generator_insert;
      CREATE TRIGGER api_count_generator_insert AFTER INSERT ON blocks BEGIN
        INSERT INTO api_generator_counters (generator_id, blocks) VALUES (NEW.generator_id, 1)
          ON CONFLICT (generator_id) DO UPDATE SET blocks = blocks + 1;
        INSERT INTO api_generator_marks (generator_id, height, ordinal)
          SELECT NEW.generator_id, NEW.height, blocks FROM api_generator_counters
           WHERE generator_id = NEW.generator_id AND blocks % ${MARK_EVERY} = 0;
      END;
      CREATE TRIGGER api_mark_generator_delete AFTER DELETE ON blocks BEGIN
        DELETE FROM api_generator_marks WHERE generator_id = OLD.generator_id AND height = OLD.height;
      END;

      CREATE TABLE api_transaction_marks (
        block_height INTEGER NOT NULL,
        sequence     INTEGER NOT NULL,
        ordinal      INTEGER NOT NULL,
        PRIMARY KEY (block_height, sequence)
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX api_transaction_marks_ordinal ON api_transaction_marks (ordinal);
      CREATE TABLE api_type_marks (
        type_group   INTEGER NOT NULL,
        type         INTEGER NOT NULL,
        block_height INTEGER NOT NULL,
        sequence     INTEGER NOT NULL,
        ordinal      INTEGER NOT NULL,
        PRIMARY KEY (type_group, type, block_height, sequence)
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX api_type_marks_ordinal ON api_type_marks (type_group, type, ordinal);

      DROP TRIGGER api_count_transactions_insert;
      CREATE TRIGGER api_count_transactions_insert AFTER INSERT ON transactions BEGIN
        UPDATE api_counters SET value = value + 1 WHERE name = 'transactions';
        INSERT INTO api_transaction_marks (block_height, sequence, ordinal)
          SELECT NEW.block_height, NEW.sequence, value FROM api_counters
           WHERE name = 'transactions' AND value % ${MARK_EVERY} = 0;
      END;
      DROP TRIGGER api_count_types_insert;
      CREATE TRIGGER api_count_types_insert AFTER INSERT ON transactions BEGIN
        INSERT INTO api_type_counters (type_group, type, value) VALUES (NEW.type_group, NEW.type, 1)
          ON CONFLICT (type_group, type) DO UPDATE SET value = value + 1;
        INSERT INTO api_type_marks (type_group, type, block_height, sequence, ordinal)
          SELECT NEW.type_group, NEW.type, NEW.block_height, NEW.sequence, value FROM api_type_counters
           WHERE type_group = NEW.type_group AND type = NEW.type AND value % ${MARK_EVERY} = 0;
      END;
      CREATE TRIGGER api_mark_transactions_delete AFTER DELETE ON transactions BEGIN
        DELETE FROM api_transaction_marks WHERE block_height = OLD.block_height AND sequence = OLD.sequence;
        DELETE FROM api_type_marks
         WHERE type_group = OLD.type_group AND type = OLD.type
           AND block_height = OLD.block_height AND sequence = OLD.sequence;
      END;

      INSERT INTO api_counters (name, value) SELECT '${OPEN_LOCKS}', count(*) FROM locks WHERE status = 'locked';
      -- The lock repository writes a lock's new status with INSERT OR REPLACE, whose implied delete fires no
      -- delete trigger (recursive_triggers is off): the row it replaces is uncounted before the insert.
      CREATE TRIGGER api_count_open_locks_replace BEFORE INSERT ON locks BEGIN
        UPDATE api_counters SET value = value - 1
         WHERE name = '${OPEN_LOCKS}' AND EXISTS (SELECT 1 FROM locks WHERE id = NEW.id AND status = 'locked');
      END;
      CREATE TRIGGER api_count_open_locks_insert AFTER INSERT ON locks WHEN NEW.status = 'locked' BEGIN
        UPDATE api_counters SET value = value + 1 WHERE name = '${OPEN_LOCKS}';
      END;
      CREATE TRIGGER api_count_open_locks_update AFTER UPDATE OF status ON locks
        WHEN (OLD.status = 'locked') <> (NEW.status = 'locked') BEGIN
        UPDATE api_counters SET value = value + CASE WHEN NEW.status = 'locked' THEN 1 ELSE -1 END
         WHERE name = '${OPEN_LOCKS}';
      END;
      CREATE TRIGGER api_count_open_locks_delete AFTER DELETE ON locks WHEN OLD.status = 'locked' BEGIN
        UPDATE api_counters SET value = value - 1 WHERE name = '${OPEN_LOCKS}';
      END;
    `);
    rebuildSeekMarks(db);
  },
};
