import Database from 'better-sqlite3';

/** How long a writer waits for a lock held by another connection (e.g. `votary node verify` reading). */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens a chain database (design: docs/design/node.md "Storage"). WAL lets readers run beside the single
 * writer, and with synchronous=NORMAL a committed block survives a process crash (SIGKILL): only an OS crash can
 * lose the last commits, never corrupt the file. Integers come back as bigint (safe integers) because amounts
 * are int64 arktoshi; callers convert heights and counts with Number().
 */
export function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  if (file !== ':memory:' && file !== '') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.defaultSafeIntegers(true);
  return db;
}
