import type Database from 'better-sqlite3';

/** Every row of every table, as text: two dumps are equal iff the database content is. */
export function dumpDatabase(db: Database.Database): string {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name);
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all();
  return JSON.stringify(out, (_key, value: unknown) =>
    typeof value === 'bigint'
      ? value.toString()
      : value instanceof Uint8Array
        ? Buffer.from(value).toString('hex')
        : value,
  );
}
