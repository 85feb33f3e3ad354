import type Database from 'better-sqlite3';
import type { Lock, LockStatus } from '../../domain';

/** The row as SQLite returns it (safeIntegers: INTEGER columns are bigint). */
export interface LockRow {
  id: string;
  sender_public_key: string;
  sender_address: string;
  recipient_address: string;
  amount: bigint;
  secret_hash: string;
  expiration_type: bigint;
  expiration_value: bigint;
  timestamp: bigint;
  height: bigint;
  vendor_field: string | null;
  status: LockStatus;
  unlock_transaction_id: string | null;
}

type LockParams = [
  string,
  string,
  string,
  string,
  bigint,
  string,
  number,
  number,
  number,
  number,
  string | null,
  LockStatus,
  string | null,
];

/** The locks table: every HTLC lock with its status (open, claimed or refunded). */
export class LockRepository {
  private readonly byId;
  private readonly everything;
  private readonly upsert;
  private readonly remove;

  constructor(db: Database.Database) {
    this.byId = db.prepare<[string], LockRow>('SELECT * FROM locks WHERE id = ?');
    this.everything = db.prepare<[], LockRow>('SELECT * FROM locks ORDER BY id');
    this.upsert = db.prepare<LockParams>(
      `INSERT OR REPLACE INTO locks (id, sender_public_key, sender_address, recipient_address, amount, secret_hash,
         expiration_type, expiration_value, timestamp, height, vendor_field, status, unlock_transaction_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM locks WHERE id = ?');
  }

  get(id: string): Lock | undefined {
    const row = this.byId.get(id);
    return row && lockFromRow(row);
  }

  all(): Lock[] {
    return this.everything.all().map(lockFromRow);
  }

  /** Writes a lock, or deletes it (`null`, its lock transaction reverted). */
  save(id: string, lock: Readonly<Lock> | null): void {
    if (lock === null) {
      this.remove.run(id);
      return;
    }
    this.upsert.run(
      lock.id,
      lock.senderPublicKey,
      lock.senderAddress,
      lock.recipientAddress,
      lock.amount,
      lock.secretHash,
      lock.expiration.type,
      lock.expiration.value,
      lock.timestamp,
      lock.height,
      lock.vendorField ?? null,
      lock.status,
      lock.unlockTransactionId ?? null,
    );
  }
}

/** The one mapping of a `locks` row (the node's repository and the API's reads both use it). */
export function lockFromRow(row: LockRow): Lock {
  const lock: Lock = {
    id: row.id,
    senderPublicKey: row.sender_public_key,
    senderAddress: row.sender_address,
    recipientAddress: row.recipient_address,
    amount: row.amount,
    secretHash: row.secret_hash,
    expiration: { type: Number(row.expiration_type) === 1 ? 1 : 2, value: Number(row.expiration_value) },
    timestamp: Number(row.timestamp),
    height: Number(row.height),
    status: row.status,
  };
  if (row.vendor_field !== null) lock.vendorField = row.vendor_field;
  if (row.unlock_transaction_id !== null) lock.unlockTransactionId = row.unlock_transaction_id;
  return lock;
}
