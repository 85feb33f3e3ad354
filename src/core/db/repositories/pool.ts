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
 * The `pool` table: the pooled transactions survive a restart. The pool writes what it admits and evicts; the chain
 * store, on the same connection and inside a block's SQLite transaction, deletes what the block forged and puts
 * back what a reverted block held. Statements are prepared once per connection.
 */
export class PoolRepository {
  private readonly insertStatement: Database.Statement;
  private readonly insertIfAbsent: Database.Statement;
  private readonly deleteStatement: Database.Statement;
  private readonly selectAll: Database.Statement<[], RawPoolRow>;

  constructor(private readonly db: Database.Database) {
    this.insertStatement = db.prepare(
      `INSERT OR REPLACE INTO pool (id, serialized, sender_public_key, nonce, fee, received_height, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertIfAbsent = db.prepare(
      `INSERT OR IGNORE INTO pool (id, serialized, sender_public_key, nonce, fee, received_height, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.deleteStatement = db.prepare('DELETE FROM pool WHERE id = ?');
    this.selectAll = db.prepare<[], RawPoolRow>(
      'SELECT * FROM pool ORDER BY received_at, sender_public_key, nonce',
    );
  }

  /** Writes a row, replacing one with the same id. */
  insert(row: PoolRow): void {
    this.insertStatement.run(...params(row));
  }

  /** Writes a row unless one with the same id is there (a reverted block's transaction the pool kept). */
  restore(row: PoolRow): void {
    this.insertIfAbsent.run(...params(row));
  }

  /** Deletes one row (inside the caller's transaction). */
  remove(id: string): void {
    this.deleteStatement.run(id);
  }

  /** Deletes rows, in one transaction of its own. */
  delete(ids: Iterable<string>): void {
    const run = this.db.transaction((list: Iterable<string>) => {
      for (const id of list) this.deleteStatement.run(id);
    });
    run(ids);
  }

  all(): PoolRow[] {
    return this.selectAll.all().map((row) => ({
      id: row.id,
      serialized: new Uint8Array(row.serialized),
      senderPublicKey: row.sender_public_key,
      nonce: row.nonce,
      fee: row.fee,
      receivedHeight: Number(row.received_height),
      receivedAt: Number(row.received_at),
    }));
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
