import type Database from 'better-sqlite3';

/** One numbered schema step. `up` runs inside a transaction opened by migrate(). */
export interface Migration {
  version: number;
  name: string;
  /**
   * The step drops and re-creates a table other tables reference: migrate() runs it with foreign keys off (they
   * cannot change inside a transaction) and checks every reference before committing (SQLite's documented
   * procedure for schema changes ALTER TABLE cannot make).
   */
  rebuildsTables?: boolean;
  up(db: Database.Database): void;
}
