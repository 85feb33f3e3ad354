import type Database from 'better-sqlite3';
import type { BlockHeader } from '../../protocol/blocks';
import { blockRowColumns, blockRowFrom, storedHex, storedPayloadHash } from '../block-encoding';

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
  Buffer | string,
  number,
  number,
  Buffer | string | null,
  number,
  bigint,
  bigint,
  bigint,
  number,
  Buffer | string | null,
  string,
  Buffer | string,
];

/** The blocks, transactions and transaction_recipients tables. */
export class BlockRepository {
  private readonly insertBlock;
  private readonly insertGenerator;
  private readonly storedIdAt;
  private readonly insertTransaction;
  private readonly insertRecipient;
  private readonly deleteBlock;
  private readonly byHeight;
  private readonly byId;
  private readonly last;
  private readonly transactionBytes;
  private readonly previousByGenerator;
  private readonly forgedTransaction;

  constructor(db: Database.Database) {
    // The stored encoding: src/core/db/block-encoding.ts. No cache of generator ids in memory: a block whose
    // SQLite transaction rolls back takes its new generator row with it.
    this.insertGenerator = db.prepare<[string]>(
      'INSERT INTO delegate_keys (public_key) VALUES (?) ON CONFLICT (public_key) DO NOTHING',
    );
    this.insertBlock = db.prepare<BlockParams>(
      `INSERT INTO blocks (height, id, version, timestamp, previous_block, number_of_transactions, total_amount,
         total_fee, reward, payload_length, payload_hash, generator_id, block_signature)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM delegate_keys WHERE public_key = ?), ?)`,
    );
    this.storedIdAt = db.prepare<[number], { id: Buffer | string }>('SELECT id FROM blocks WHERE height = ?');
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
    const columns = blockRowColumns('b');
    const from = blockRowFrom('b');
    this.byHeight = db.prepare<[number], BlockRow>(`SELECT ${columns} FROM ${from} WHERE b.height = ?`);
    this.byId = db.prepare<[Buffer | string], BlockRow>(`SELECT ${columns} FROM ${from} WHERE b.id = ?`);
    this.last = db.prepare<[], BlockRow>(`SELECT ${columns} FROM ${from} ORDER BY b.height DESC LIMIT 1`);
    this.transactionBytes = db.prepare<[number], { serialized: Uint8Array }>(
      'SELECT serialized FROM transactions WHERE block_height = ? ORDER BY sequence',
    );
    // `transactions.id` is the table's primary key: one index probe (tests/node/block-store/forged-ids.test.ts).
    this.forgedTransaction = db.prepare<[string], { id: string }>('SELECT id FROM transactions WHERE id = ?');
    this.previousByGenerator = db.prepare<[string, number], BlockRow>(
      `SELECT ${columns} FROM ${from}
        WHERE b.generator_id = (SELECT id FROM delegate_keys WHERE public_key = ?) AND b.height < ?
        ORDER BY b.height DESC LIMIT 1`,
    );
  }

  insert(header: BlockHeader, transactions: readonly StoredTransaction[]): void {
    if (header.id === undefined || header.blockSignature === undefined) {
      throw new Error(`block ${header.height} has no id or signature: sign it before storing it`);
    }
    this.insertGenerator.run(header.generatorPublicKey);
    this.insertBlock.run(
      header.height,
      storedHex(header.id),
      header.version,
      header.timestamp,
      this.storedPrevious(header),
      header.numberOfTransactions,
      header.totalAmount,
      header.totalFee,
      header.reward,
      header.payloadLength,
      storedPayloadHash(header.payloadHash),
      header.generatorPublicKey,
      storedHex(header.blockSignature),
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

  /** NULL when the previous block's id is the stored id one height below (block-encoding.ts). */
  private storedPrevious(header: BlockHeader): Buffer | string | null {
    if (header.previousBlock === undefined) return null;
    const stored = storedHex(header.previousBlock);
    const below = header.height > 1 ? this.storedIdAt.get(header.height - 1)?.id : undefined;
    if (below === undefined) return stored;
    const same =
      typeof below === 'string' || typeof stored === 'string'
        ? below === stored
        : Buffer.compare(below, stored) === 0;
    return same ? null : stored;
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
    const row = this.byId.get(storedHex(id));
    return row && headerFromRow(row);
  }

  lastHeader(): BlockHeader | undefined {
    const row = this.last.get();
    return row && headerFromRow(row);
  }

  /** The serialized transactions of a block, in block order. */
  /** Whether a transaction of this id is stored in a block of this chain. */
  hasTransaction(id: string): boolean {
    return this.forgedTransaction.get(id) !== undefined;
  }

  transactions(height: number): Uint8Array[] {
    return this.transactionBytes.all(height).map((row) => row.serialized);
  }

  /** The last block a generator forged below a height (what a delegate's lastBlock returns to on revert). */
  lastForgedBefore(generatorPublicKey: string, height: number): BlockHeader | undefined {
    const row = this.previousByGenerator.get(generatorPublicKey, height);
    return row && headerFromRow(row);
  }
}

/** A block row as the protocol's header (the one mapping of a stored block's columns). */
export function headerFromRow(row: BlockRow): BlockHeader {
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
