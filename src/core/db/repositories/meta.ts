import type Database from 'better-sqlite3';

/** The meta table: small named values (network name, nethash, total supply). */
export class MetaRepository {
  private readonly select;
  private readonly upsert;

  /** Whether the database has its meta table yet (a file a newer or older version left may not). */
  static present(db: Database.Database): boolean {
    return (
      db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
        )
        .get() !== undefined
    );
  }

  constructor(db: Database.Database) {
    this.select = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
    this.upsert = db.prepare<[string, string]>('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  }

  get(key: string): string | undefined {
    return this.select.get(key)?.value;
  }

  set(key: string, value: string): void {
    this.upsert.run(key, value);
  }
}
