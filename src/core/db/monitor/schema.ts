/**
 * The monitor's own database, `<dataDir>/monitor.db` (samples in SQLite with bounded retention,
 * surviving restarts). It is separate from the chain database: it also follows remote networks, and losing it
 * loses history, never chain data. Numbered migrations as in src/core/db; a new step is appended here.
 */
import type { Migration } from '../migrations';

const initial: Migration = {
  version: 1,
  name: 'monitor',
  up(db) {
    db.exec(`
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      -- One row per poll of a watched node; older rows are thinned out (retention.ts).
      CREATE TABLE samples (
        id          INTEGER PRIMARY KEY,
        network_id  TEXT    NOT NULL,
        node_id     TEXT    NOT NULL,
        at          INTEGER NOT NULL,
        height      INTEGER,
        lag         INTEGER,
        interval_ms INTEGER,
        latency_ms  INTEGER,
        reachable   INTEGER NOT NULL
      );
      CREATE INDEX samples_by_node ON samples (network_id, node_id, at);
      CREATE INDEX samples_by_time ON samples (at);
      -- The blocks seen on the active network: the other half of the missed-slot derivation.
      CREATE TABLE blocks (
        network_id TEXT    NOT NULL,
        height     INTEGER NOT NULL,
        id         TEXT    NOT NULL,
        slot       INTEGER NOT NULL,
        at         INTEGER NOT NULL,
        generator  TEXT    NOT NULL,
        PRIMARY KEY (network_id, height)
      ) WITHOUT ROWID;
      CREATE INDEX blocks_by_generator ON blocks (network_id, generator, at);
      CREATE INDEX blocks_by_time ON blocks (network_id, at);
      CREATE TABLE missed_slots (
        network_id TEXT    NOT NULL,
        slot       INTEGER NOT NULL,
        round      INTEGER NOT NULL,
        at         INTEGER NOT NULL,
        public_key TEXT    NOT NULL,
        -- The height of the block that closed the gap (a revert below it drops the row).
        height     INTEGER NOT NULL,
        PRIMARY KEY (network_id, slot)
      ) WITHOUT ROWID;
      CREATE INDEX missed_by_delegate ON missed_slots (network_id, public_key, at);
      CREATE INDEX missed_by_time ON missed_slots (network_id, at);
      -- Where the unbroken run of recorded blocks starts, per network (productivity's coveredSince).
      CREATE TABLE coverage (
        network_id  TEXT PRIMARY KEY,
        from_height INTEGER NOT NULL
      );
      CREATE TABLE usernames (
        network_id TEXT NOT NULL,
        public_key TEXT NOT NULL,
        username   TEXT NOT NULL,
        PRIMARY KEY (network_id, public_key)
      ) WITHOUT ROWID;
      CREATE TABLE alerts (
        id         INTEGER PRIMARY KEY,
        network_id TEXT    NOT NULL,
        rule       TEXT    NOT NULL,
        subject    TEXT    NOT NULL,
        level      TEXT    NOT NULL,
        message    TEXT    NOT NULL,
        raised_at  INTEGER NOT NULL,
        cleared_at INTEGER,
        count      INTEGER NOT NULL DEFAULT 1,
        dismissed  INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX alerts_active ON alerts (network_id, rule, subject, cleared_at);
    `);
  },
};

export const MONITOR_MIGRATIONS: readonly Migration[] = [initial];
