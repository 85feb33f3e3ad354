import type Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations';

/**
 * Applies the migrations the database has not seen yet, each in its own transaction together with its row in
 * schema_migrations, so a crash leaves the schema at some whole version. Returns the versions applied now.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
): { applied: number[] } {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const done = new Set(
    db
      .prepare<[], { version: bigint }>('SELECT version FROM schema_migrations')
      .all()
      .map((row) => Number(row.version)),
  );
  const record = db.prepare<[number, string, number]>(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(migration.version)) continue;
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number | bigint;
    if (migration.rebuildsTables) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        migration.up(db);
        if (migration.rebuildsTables) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) {
            throw new Error(
              `migration ${migration.version} would break ${broken.length} foreign key references`,
            );
          }
        }
        record.run(migration.version, migration.name, Date.now());
      })();
    } finally {
      if (migration.rebuildsTables && Number(foreignKeys) === 1) db.pragma('foreign_keys = ON');
    }
    applied.push(migration.version);
  }
  return { applied };
}

/** The highest applied version (0 for a database never migrated). */
export function schemaVersion(db: Database.Database): number {
  const exists = db
    .prepare<[], { n: bigint }>(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
    )
    .get();
  if (!exists || exists.n === 0n) return 0;
  const row = db
    .prepare<[], { version: bigint | null }>('SELECT max(version) AS version FROM schema_migrations')
    .get();
  return row?.version == null ? 0 : Number(row.version);
}
