import type Database from 'better-sqlite3';

/** One numbered schema step. `up` runs inside a transaction opened by migrate(). */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}
