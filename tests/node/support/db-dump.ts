import type Database from 'better-sqlite3';

/** Every row of every table, as text: two dumps are equal iff the database content is. */
export function dumpDatabase(db: Database.Database): string {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name);
  const out: Record<string, unknown[]> = {};
  // A WITHOUT ROWID table has no rowid: its rows come out in primary-key order, as deterministic.
  const withoutRowid = new Set(
    db
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_list WHERE schema = 'main' AND wr = 1")
      .all()
      .map((row) => row.name),
  );
  for (const table of tables) {
    const order = withoutRowid.has(table) ? '' : ' ORDER BY rowid';
    out[table] = db.prepare(`SELECT * FROM "${table}"${order}`).all();
  }
  return JSON.stringify(out, (_key, value: unknown) =>
    typeof value === 'bigint'
      ? value.toString()
      : value instanceof Uint8Array
        ? Buffer.from(value).toString('hex')
        : value,
  );
}
