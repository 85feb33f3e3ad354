/** Key/value rows of the monitor database: settings and the extra nodes watched per network. */
import type Database from 'better-sqlite3';

export class MetaStore {
  private readonly read: Database.Statement<[string], { value: string }>;
  private readonly write: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.read = db.prepare('SELECT value FROM meta WHERE key = ?');
    this.write = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  }

  /** The stored JSON value, or undefined when absent or unreadable (a damaged value falls back to defaults). */
  getJson(key: string): unknown {
    const row = this.read.get(key);
    if (row === undefined) return undefined;
    try {
      return JSON.parse(row.value) as unknown;
    } catch {
      return undefined;
    }
  }

  setJson(key: string, value: unknown): void {
    this.write.run(key, JSON.stringify(value));
  }
}
