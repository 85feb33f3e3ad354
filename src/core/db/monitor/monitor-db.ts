import Database from 'better-sqlite3';
import { migrate } from '../migrate';
import { MONITOR_MIGRATIONS } from './schema';

/**
 * Opens (or creates) the monitor database. WAL so the screens' reads never wait for the poller's writes;
 * synchronous=NORMAL because a lost last sample after an OS crash costs nothing. Plain numbers, not bigint:
 * heights, slots and Unix milliseconds stay far below 2^53. The write-ahead log is checkpointed every 128 pages
 * and truncated back to 512 KiB after each checkpoint: with SQLite's defaults it settles near 4 MB, ten times the
 * data a 10-minute run at 1 s blocks keeps (docs/benchmarks.md "Monitor").
 */
export function openMonitorDatabase(file: string): Database.Database {
  const db = new Database(file);
  if (file !== ':memory:' && file !== '') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('wal_autocheckpoint = 128');
  db.pragma(`journal_size_limit = ${512 * 1024}`);
  try {
    migrate(db, MONITOR_MIGRATIONS);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
