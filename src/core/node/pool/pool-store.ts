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
 * The pool's persistence: the pooled transactions survive a restart. It uses the chain's own
 * connection, so the block processor can delete forged transactions in the block's SQLite transaction.
 * Statements are prepared once per connection.
 */
export class PoolStore {
  private readonly insertStatement: Database.Statement;
  private readonly deleteStatement: Database.Statement;
  private readonly selectAll: Database.Statement<[], RawPoolRow>;

  constructor(private readonly db: Database.Database) {
    this.insertStatement = db.prepare(
      `INSERT OR REPLACE INTO pool (id, serialized, sender_public_key, nonce, fee, received_height, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.deleteStatement = db.prepare('DELETE FROM pool WHERE id = ?');
    this.selectAll = db.prepare<[], RawPoolRow>(
      'SELECT * FROM pool ORDER BY received_at, sender_public_key, nonce',
    );
  }

  insert(row: PoolRow): void {
    this.insertStatement.run(
      row.id,
      row.serialized,
      row.senderPublicKey,
      row.nonce,
      row.fee,
      BigInt(row.receivedHeight),
      BigInt(row.receivedAt),
    );
  }

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

/** Rows in arrival order, except that each sender's rows take that sender's slots in nonce order. */
export function inSenderNonceOrder(rows: readonly PoolRow[]): PoolRow[] {
  const bySender = new Map<string, PoolRow[]>();
  for (const row of rows) {
    const list = bySender.get(row.senderPublicKey) ?? [];
    list.push(row);
    bySender.set(row.senderPublicKey, list);
  }
  for (const list of bySender.values())
    list.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
  const next = new Map<string, number>();
  return rows.map((row) => {
    const index = next.get(row.senderPublicKey) ?? 0;
    next.set(row.senderPublicKey, index + 1);
    return bySender.get(row.senderPublicKey)?.[index] ?? row;
  });
}
