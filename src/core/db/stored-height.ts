import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * The height of the chain stored in a database file, read without opening the node (which would lock it and load
 * its state): 0 when there is no file or no chain in it. Read-only; a node writing it meanwhile is not disturbed (WAL).
 */
export function storedChainHeight(file: string): number {
  if (!existsSync(file)) return 0;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const row = db.prepare('SELECT MAX(height) AS height FROM blocks').get() as
      { height: number | null } | undefined;
    return row?.height ?? 0;
  } catch {
    // Not a chain database (or not one yet): nothing verified is stored there.
    return 0;
  } finally {
    db?.close();
  }
}
