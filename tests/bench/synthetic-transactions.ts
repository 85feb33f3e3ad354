/**
 * Synthetic transaction rows for the benchmark chains (api-chain-db.ts, app-history-chain.ts): real AIP-11
 * bytes with a placeholder signature, id = SHA256 of the bytes, written with each block through million-blocks.ts's
 * BlockFiller so that every row goes through the schema's indexes and triggers as the node's own writes do.
 */
import type { Statement } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { openDatabase } from '../../src/core/db';
import type { TransactionData } from '../../src/core/protocol/transactions';
import type { BlockFiller, BlockPayload } from './million-blocks';

export interface SyntheticTransaction {
  tx: TransactionData;
  bytes: Uint8Array;
  id: string;
  senderAddress: string;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Writes `perBlock` transactions into every block after the genesis: the `perBlock·(height − 2) + k`-th of
 * `transactionAt`, asked for in order; the block row's totals come from the same transactions.
 */
export class SyntheticTransactionFiller implements BlockFiller {
  private insert: Statement<unknown[]> | undefined;
  private pending: { height: number; rows: SyntheticTransaction[] } | undefined;

  constructor(
    private readonly perBlock: number,
    private readonly transactionAt: (index: number) => SyntheticTransaction,
  ) {}

  prepare(db: ReturnType<typeof openDatabase>): void {
    this.insert = db.prepare<unknown[]>(
      `INSERT INTO transactions (id, block_height, sequence, version, type_group, type, timestamp, nonce,
         sender_public_key, sender_address, recipient_address, amount, fee, vendor_field, asset, serialized)
       VALUES (?, ?, ?, 2, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  private rowsOf(height: number): SyntheticTransaction[] {
    if (this.pending?.height !== height) {
      const first = (height - 2) * this.perBlock;
      const rows = Array.from({ length: this.perBlock }, (_, k) => this.transactionAt(first + k));
      this.pending = { height, rows };
    }
    return this.pending.rows;
  }

  payload(height: number): BlockPayload {
    if (height < 2) return { numberOfTransactions: 0, totalAmount: 0n, totalFee: 0n, payloadLength: 0 };
    const rows = this.rowsOf(height);
    return {
      numberOfTransactions: rows.length,
      totalAmount: rows.reduce((sum, row) => sum + row.tx.amount, 0n),
      totalFee: rows.reduce((sum, row) => sum + row.tx.fee, 0n),
      payloadLength: rows.reduce((sum, row) => sum + row.bytes.length, 0),
    };
  }

  fill(height: number, timestamp: number): void {
    if (height < 2 || !this.insert) return;
    this.rowsOf(height).forEach((row, sequence) => {
      const { tx } = row;
      this.insert!.run(
        row.id,
        BigInt(height),
        BigInt(sequence),
        BigInt(tx.type),
        BigInt(timestamp),
        tx.nonce,
        tx.senderPublicKey,
        row.senderAddress,
        tx.recipientId ?? null,
        tx.amount,
        tx.fee,
        tx.vendorField ?? null,
        tx.asset?.votes ? JSON.stringify({ votes: tx.asset.votes }) : null,
        row.bytes,
      );
    });
  }
}
