/**
 * How bench:scale's build (scale-chain-db.ts) writes a block and a round's rows. Two writers of the same rows:
 *
 * - `nodeWriter`: the node's own writers, BlockRepository.insert and RoundRepository.save, as BlockStore calls them;
 * - `compactWriter`: the same rows bound directly in their stored encoding (migration 008, src/core/db/
 *   block-encoding.ts), without what the node's writers do per row because they cannot know it: the block id is
 *   bound as the 32 bytes the build hashed (no hex text, no regular expression), `previous_block` as NULL without
 *   reading the row below (the build writes a linear chain: the previous id is always the id it wrote one height
 *   lower — checked, not assumed), the generator's `delegate_keys` id from a map filled with the node's own upsert
 *   the first time each key is met (instead of an upsert and a sub-select per block and per round slot).
 *
 * The transaction rows are bound by the same statement text in both. tests/bench/scale-bulk-load.test.ts builds a
 * chain with each and finds every table's rows, rowids included, equal.
 */
import type Database from 'better-sqlite3';
import { BlockRepository, RoundRepository, type StoredTransaction } from '../../src/core/db/repositories';
import type { RoundSlot } from '../../src/core/db/repositories/rounds';
import { EMPTY_PAYLOAD_HASH, storedHex } from '../../src/core/db/block-encoding';

/** One block of the build: what varies from block to block (the rest is `BlockConstants`). */
export interface ScaleBlock {
  height: number;
  /** The block id's 32 bytes. */
  id: Buffer;
  /** The previous block's id's 32 bytes. */
  previous: Buffer;
  timestamp: number;
  generatorPublicKey: string;
  transactions: readonly StoredTransaction[];
  /** SHA256 of the transactions' ids (hex text, joined); unused for an empty block. */
  payloadHash: Buffer | undefined;
  totalAmount: bigint;
  totalFee: bigint;
}

/** What every block of a build shares (one milestone). */
export interface BlockConstants {
  version: number;
  reward: bigint;
  /** Hex text. */
  blockSignature: string;
}

export interface ScaleChainWriter {
  block(block: ScaleBlock): void;
  /** The next round's rows, saved with the last block of a round (as BlockStore does). */
  round(round: number, forgers: readonly RoundSlot[], ranking: readonly RoundSlot[]): void;
  /** Writes whatever the writer holds back (before each commit). */
  flush(): void;
}

const TRANSACTION_INSERT = `INSERT INTO transactions (id, block_height, sequence, version, type_group, type, timestamp,
  nonce, sender_public_key, sender_address, recipient_address, amount, fee, vendor_field, asset, serialized)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The node's writers, as BlockStore calls them: the reference the compact writer is compared with. */
export function nodeWriter(db: Database.Database, constants: BlockConstants): ScaleChainWriter {
  const blocks = new BlockRepository(db);
  const rounds = new RoundRepository(db);
  return {
    block(block) {
      const { transactions } = block;
      blocks.insert(
        {
          id: block.id.toString('hex'),
          height: block.height,
          version: constants.version,
          timestamp: block.timestamp,
          previousBlock: block.previous.toString('hex'),
          numberOfTransactions: transactions.length,
          totalAmount: block.totalAmount,
          totalFee: block.totalFee,
          reward: constants.reward,
          payloadLength: 32 * transactions.length,
          payloadHash: block.payloadHash?.toString('hex') ?? EMPTY_PAYLOAD_HASH,
          generatorPublicKey: block.generatorPublicKey,
          blockSignature: constants.blockSignature,
        },
        transactions,
      );
    },
    round(round, forgers, ranking) {
      rounds.save(round, forgers, ranking);
    },
    flush() {},
  };
}

/** Block rows bound per statement by the compact writer: fewer statement runs (a quarter of a block's cost). */
const BLOCK_ROWS = 64;

/** The same rows bound directly in their stored encoding (this file's header says what it skips and why). */
export function compactWriter(db: Database.Database, constants: BlockConstants): ScaleChainWriter {
  const upsertKey = db.prepare<[string]>(
    'INSERT INTO delegate_keys (public_key) VALUES (?) ON CONFLICT (public_key) DO NOTHING',
  );
  const keyId = db.prepare<[string], bigint>('SELECT id FROM delegate_keys WHERE public_key = ?').pluck();
  const storedIdAt = db.prepare<[number], Buffer | string>('SELECT id FROM blocks WHERE height = ?').pluck();
  const rowsOf = (row: string, count: number) => Array.from({ length: count }, () => row).join(', ');
  const statements = new Map<string, Database.Statement<unknown[]>>();
  /**
   * `INSERT OR FAIL INTO <into> VALUES <row>, <row>, …` for `count` rows, prepared once. OR FAIL, not the default
   * ABORT: a statement that may abort half-way through several rows copies every page it changes into a statement
   * journal first (a temporary file: ten times the build's writes), to undo its own earlier rows. Nothing is undone
   * in a bulk load anyway (the journal is off; a failed build starts over), and no row fails in a sound build.
   */
  const insertRows = (into: string, row: string, count: number) => {
    const key = `${into} ${count}`;
    let statement = statements.get(key);
    if (statement === undefined) {
      statement = db.prepare<unknown[]>(`INSERT OR FAIL INTO ${into} VALUES ${rowsOf(row, count)}`);
      statements.set(key, statement);
    }
    return statement;
  };
  const BLOCKS = `blocks (height, id, version, timestamp, previous_block, number_of_transactions, total_amount,
    total_fee, reward, payload_length, payload_hash, generator_id, block_signature)`;
  const BLOCK_ROW = '(?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)';
  const insertTransaction =
    db.prepare<
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
    >(TRANSACTION_INSERT);
  const insertRecipient = db.prepare<[string, number, string, bigint]>(
    'INSERT INTO transaction_recipients (transaction_id, position, address, amount) VALUES (?, ?, ?, ?)',
  );
  const signature = storedHex(constants.blockSignature);
  // Ids are only ever added to delegate_keys (a rolled-back build starts over: scale-chain-db.ts).
  const ids = new Map<string, bigint>();
  const idOf = (publicKey: string): bigint => {
    let id = ids.get(publicKey);
    if (id === undefined) {
      upsertKey.run(publicKey);
      id = keyId.get(publicKey)!;
      ids.set(publicKey, id);
    }
    return id;
  };
  let below: { height: number; id: Buffer } | undefined;
  // Blocks waiting for their multi-row statement, and their transactions (written after them: each refers to
  // its block; the order of the transaction rows, hence their rowids, is unchanged).
  let blockParams: unknown[] = [];
  let blockCount = 0;
  let held: ScaleBlock[] = [];

  const flush = () => {
    if (blockCount === 0) return;
    // Spread, not an array: better-sqlite3 reads an array's elements through the slow property path (2× the cost).
    insertRows(BLOCKS, BLOCK_ROW, blockCount).run(...blockParams);
    for (const block of held) {
      for (const tx of block.transactions) {
        insertTransaction.run(
          tx.id,
          block.height,
          tx.sequence,
          tx.version,
          tx.typeGroup,
          tx.type,
          block.timestamp,
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
          insertRecipient.run(tx.id, position, recipient.address, recipient.amount),
        );
      }
    }
    blockParams = [];
    blockCount = 0;
    held = [];
  };

  return {
    block(block) {
      // previous_block is NULL only because it is the id stored one height below (block-encoding.ts).
      const stored = below?.height === block.height - 1 ? below.id : storedIdAt.get(block.height - 1);
      if (!Buffer.isBuffer(stored) || !stored.equals(block.previous)) {
        throw new Error(`block ${block.height}: its previous block is not the stored block below it`);
      }
      const count = block.transactions.length;
      blockParams.push(
        block.height,
        block.id,
        constants.version,
        block.timestamp,
        count,
        block.totalAmount,
        block.totalFee,
        constants.reward,
        32 * count,
        count === 0 ? null : block.payloadHash!,
        idOf(block.generatorPublicKey),
        signature,
      );
      blockCount++;
      if (count > 0) held.push(block);
      below = { height: block.height, id: block.id };
      if (blockCount === BLOCK_ROWS) flush();
    },
    round(round, forgers, ranking) {
      // RoundRepository.save's order: every key upserted (ranking, then forgers) before the rows.
      for (const slot of ranking) idOf(slot.publicKey);
      for (const slot of forgers) idOf(slot.publicKey);
      insertRows('rounds (round, position, delegate_id, vote_balance)', '(?, ?, ?, ?)', forgers.length).run(
        ...forgers.flatMap((slot, position) => [round, position, idOf(slot.publicKey), slot.voteBalance]),
      );
      insertRows('round_ranks (round, rank, delegate_id, vote_balance)', '(?, ?, ?, ?)', ranking.length).run(
        ...ranking.flatMap((slot, index) => [round, index + 1, idOf(slot.publicKey), slot.voteBalance]),
      );
    },
    flush,
  };
}
