import type Database from 'better-sqlite3';

/** A row of the `pool` table (docs/design/node.md "Storage"). */
export interface PoolRow {
  id: string;
  serialized: Uint8Array;
  senderPublicKey: string;
  nonce: bigint;
  fee: bigint;
  receivedHeight: number;
  /** Unix milliseconds. */
  receivedAt: number;
}

interface RawPoolRow {
  id: string;
  serialized: Buffer;
  sender_public_key: string;
  nonce: bigint;
  fee: bigint;
  received_height: bigint;
  received_at: bigint;
}

/**
 * Where each id's row is, for every repository on one connection (the pool's and the chain store's), filled from
 * the table when a repository first needs it and again whenever the rows are read back whole.
 */
const rowsByConnection = new WeakMap<Database.Database, Map<string, number | bigint>>();

/**
 * The `pool` table: the pooled transactions survive a restart. The pool writes what it admits and evicts; the chain
 * store, on the same connection and inside a block's SQLite transaction, deletes what the block forged and puts
 * back what a reverted block held. Statements are prepared once per connection.
 *
 * The table has no index (migration 014): rows are appended in arrival order, and each is found again by the rowid
 * the insert returned, kept in memory by id (`rowsByConnection`). A delete names the id beside the rowid, so a
 * rowid that a rolled-back insert left behind, and SQLite gave to another row since, deletes nothing. What a
 * rolled-back transaction leaves otherwise: an id whose delete was undone is no longer known here, so its row stays
 * until the rows are next read back whole (a restart, a revert: `all`), where admission finds it forged, expired or
 * still valid.
 */
export class PoolRepository {
  private readonly insertStatement: Database.Statement;
  private readonly deleteStatement: Database.Statement;
  private readonly selectAll: Database.Statement<[], RawPoolRow & { rowid: number | bigint }>;
  private readonly selectIds: Database.Statement<[], { rowid: number | bigint; id: string }>;

  constructor(private readonly db: Database.Database) {
    this.insertStatement = db.prepare(
      `INSERT INTO pool (id, serialized, sender_public_key, nonce, fee, received_height, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.deleteStatement = db.prepare('DELETE FROM pool WHERE rowid = ? AND id = ?');
    this.selectAll = db.prepare<[], RawPoolRow & { rowid: number | bigint }>(
      'SELECT rowid, * FROM pool ORDER BY received_at, sender_public_key, nonce',
    );
    this.selectIds = db.prepare<[], { rowid: number | bigint; id: string }>('SELECT rowid, id FROM pool');
  }

  /** Writes a row, replacing one with the same id. */
  insert(row: PoolRow): void {
    this.remove(row.id);
    this.append(row);
  }

  /** Writes a row unless one with the same id is there (a reverted block's transaction the pool kept). */
  restore(row: PoolRow): void {
    if (!this.rows().has(row.id)) this.append(row);
  }

  /** Deletes one row (inside the caller's transaction). */
  remove(id: string): void {
    const rows = this.rows();
    const rowid = rows.get(id);
    if (rowid === undefined) return;
    this.deleteStatement.run(rowid, id);
    rows.delete(id);
  }

  /** Deletes rows, in one transaction of its own. */
  delete(ids: Iterable<string>): void {
    const run = this.db.transaction((list: Iterable<string>) => {
      for (const id of list) this.remove(id);
    });
    run(ids);
  }

  all(): PoolRow[] {
    const rows = new Map<string, number | bigint>();
    const all = this.selectAll.all().map((row) => {
      rows.set(row.id, row.rowid);
      return {
        id: row.id,
        serialized: new Uint8Array(row.serialized),
        senderPublicKey: row.sender_public_key,
        nonce: row.nonce,
        fee: row.fee,
        receivedHeight: Number(row.received_height),
        receivedAt: Number(row.received_at),
      };
    });
    rowsByConnection.set(this.db, rows);
    return all;
  }

  private append(row: PoolRow): void {
    const { lastInsertRowid } = this.insertStatement.run(...params(row));
    this.rows().set(row.id, lastInsertRowid);
  }

  private rows(): Map<string, number | bigint> {
    let rows = rowsByConnection.get(this.db);
    if (rows === undefined) {
      rows = new Map(this.selectIds.all().map((row) => [row.id, row.rowid] as const));
      rowsByConnection.set(this.db, rows);
    }
    return rows;
  }
}

function params(row: PoolRow): [string, Uint8Array, string, bigint, bigint, bigint, bigint] {
  return [
    row.id,
    row.serialized,
    row.senderPublicKey,
    row.nonce,
    row.fee,
    BigInt(row.receivedHeight),
    BigInt(row.receivedAt),
  ];
}
