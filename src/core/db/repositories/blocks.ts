import type Database from 'better-sqlite3';
import type { BlockHeader } from '../../protocol/blocks';

/** The row as SQLite returns it (safeIntegers: INTEGER columns are bigint). */
export interface BlockRow {
  height: bigint;
  id: string;
  version: bigint;
  timestamp: bigint;
  previous_block: string | null;
  number_of_transactions: bigint;
  total_amount: bigint;
  total_fee: bigint;
  reward: bigint;
  payload_length: bigint;
  payload_hash: string;
  generator_public_key: string;
  block_signature: string;
}

/** A transaction row as the chain writes it (columns the API filters on, plus the exact bytes). */
export interface StoredTransaction {
  id: string;
  sequence: number;
  version: number;
  typeGroup: number;
  type: number;
  nonce: bigint;
  senderPublicKey: string;
  senderAddress: string;
  recipientAddress: string | null;
  amount: bigint;
  fee: bigint;
  vendorField: string | null;
  /** The asset as JSON text, amounts as decimal strings (transactionToJson). */
  asset: string | null;
  serialized: Uint8Array;
  /** Multipayment recipients, so that address filters find them. */
  recipients: { address: string; amount: bigint }[];
}

type BlockParams = [
  number,
  string,
  number,
  number,
  string | null,
  number,
  bigint,
  bigint,
  bigint,
  number,
  string,
  string,
  string,
];

/** The blocks, transactions and transaction_recipients tables. */
export class BlockRepository {
  private readonly insertBlock;
  private readonly insertTransaction;
  private readonly insertRecipient;
  private readonly deleteBlock;
  private readonly byHeight;
  private readonly byId;
  private readonly last;
  private readonly transactionBytes;
  private readonly previousByGenerator;

  constructor(db: Database.Database) {
    this.insertBlock = db.prepare<BlockParams>(
      `INSERT INTO blocks (height, id, version, timestamp, previous_block, number_of_transactions, total_amount,
         total_fee, reward, payload_length, payload_hash, generator_public_key, block_signature)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertTransaction = db.prepare<
      [
        string,
        number,
        number,
        number,
        number,
        number,
        number,
        bigint,
        string,
        string,
        string | null,
        bigint,
        bigint,
        string | null,
        string | null,
        Uint8Array,
      ]
    >(
      `INSERT INTO transactions (id, block_height, sequence, version, type_group, type, timestamp, nonce,
         sender_public_key, sender_address, recipient_address, amount, fee, vendor_field, asset, serialized)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertRecipient = db.prepare<[string, number, string, bigint]>(
      'INSERT INTO transaction_recipients (transaction_id, position, address, amount) VALUES (?, ?, ?, ?)',
    );
    this.deleteBlock = db.prepare<[number]>('DELETE FROM blocks WHERE height = ?');
    this.byHeight = db.prepare<[number], BlockRow>('SELECT * FROM blocks WHERE height = ?');
    this.byId = db.prepare<[string], BlockRow>('SELECT * FROM blocks WHERE id = ?');
    this.last = db.prepare<[], BlockRow>('SELECT * FROM blocks ORDER BY height DESC LIMIT 1');
    this.transactionBytes = db.prepare<[number], { serialized: Uint8Array }>(
      'SELECT serialized FROM transactions WHERE block_height = ? ORDER BY sequence',
    );
    this.previousByGenerator = db.prepare<[string, number], BlockRow>(
      `SELECT * FROM blocks WHERE generator_public_key = ? AND height < ? ORDER BY height DESC LIMIT 1`,
    );
  }

  insert(header: BlockHeader, transactions: readonly StoredTransaction[]): void {
    if (header.id === undefined || header.blockSignature === undefined) {
      throw new Error(`block ${header.height} has no id or signature: sign it before storing it`);
    }
    this.insertBlock.run(
      header.height,
      header.id,
      header.version,
      header.timestamp,
      header.previousBlock ?? null,
      header.numberOfTransactions,
      header.totalAmount,
      header.totalFee,
      header.reward,
      header.payloadLength,
      header.payloadHash,
      header.generatorPublicKey,
      header.blockSignature,
    );
    for (const tx of transactions) {
      this.insertTransaction.run(
        tx.id,
        header.height,
        tx.sequence,
        tx.version,
        tx.typeGroup,
        tx.type,
        header.timestamp,
        tx.nonce,
        tx.senderPublicKey,
        tx.senderAddress,
        tx.recipientAddress,
        tx.amount,
        tx.fee,
        tx.vendorField,
        tx.asset,
        tx.serialized,
      );
      tx.recipients.forEach((recipient, position) =>
        this.insertRecipient.run(tx.id, position, recipient.address, recipient.amount),
      );
    }
  }

  /** Deletes a block; its transactions and recipients go with it (ON DELETE CASCADE). */
  remove(height: number): void {
    this.deleteBlock.run(height);
  }

  header(height: number): BlockHeader | undefined {
    const row = this.byHeight.get(height);
    return row && headerFromRow(row);
  }

  headerById(id: string): BlockHeader | undefined {
    const row = this.byId.get(id);
    return row && headerFromRow(row);
  }

  lastHeader(): BlockHeader | undefined {
    const row = this.last.get();
    return row && headerFromRow(row);
  }

  /** The serialized transactions of a block, in block order. */
  transactions(height: number): Uint8Array[] {
    return this.transactionBytes.all(height).map((row) => row.serialized);
  }

  /** The last block a generator forged below a height (what a delegate's lastBlock returns to on revert). */
  lastForgedBefore(generatorPublicKey: string, height: number): BlockHeader | undefined {
    const row = this.previousByGenerator.get(generatorPublicKey, height);
    return row && headerFromRow(row);
  }
}

function headerFromRow(row: BlockRow): BlockHeader {
  const header: BlockHeader = {
    id: row.id,
    version: Number(row.version),
    timestamp: Number(row.timestamp),
    height: Number(row.height),
    numberOfTransactions: Number(row.number_of_transactions),
    totalAmount: row.total_amount,
    totalFee: row.total_fee,
    reward: row.reward,
    payloadLength: Number(row.payload_length),
    payloadHash: row.payload_hash,
    generatorPublicKey: row.generator_public_key,
    blockSignature: row.block_signature,
  };
  if (row.previous_block !== null) header.previousBlock = row.previous_block;
  return header;
}
