/**
 * Migration 008 (compact block and round rows, src/core/db/block-encoding.ts): a database written with the text
 * schema of 001–007 migrates with every block header, round and transaction intact, the rows are stored compactly,
 * and the repositories write and read the same values afterwards.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, openDatabase } from '../../../src/core/db';
import { BlockRepository, RoundRepository } from '../../../src/core/db/repositories';
import type { BlockHeader } from '../../../src/core/protocol/blocks';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const EMPTY_HASH = sha('');
const KEY_A = `02${'a1'.repeat(32)}`;
const KEY_B = `03${'b2'.repeat(32)}`;
const SIGNATURE = `3045022100${'c3'.repeat(32)}0220${'d4'.repeat(32)}`;

function header(
  height: number,
  previousBlock: string | undefined,
  extra: Partial<BlockHeader> = {},
): BlockHeader {
  return {
    id: sha(`block ${height}`),
    version: 0,
    timestamp: 8 * height,
    height,
    ...(previousBlock === undefined ? {} : { previousBlock }),
    numberOfTransactions: 0,
    totalAmount: 0n,
    totalFee: 0n,
    reward: 200_000_000n,
    payloadLength: 0,
    payloadHash: EMPTY_HASH,
    generatorPublicKey: height % 2 === 0 ? KEY_A : KEY_B,
    blockSignature: SIGNATURE,
    ...extra,
  };
}

/** Genesis (a stored parent of zeros, a payload), an empty block, a legacy numeric id, a block after it. */
const HEADERS: BlockHeader[] = [
  header(1, '0'.repeat(64), {
    payloadHash: sha('genesis payload'),
    numberOfTransactions: 1,
    payloadLength: 32,
  }),
  header(2, sha('block 1')),
  header(3, sha('block 2'), { id: '1234567890123456789' }),
  header(4, '1234567890123456789', { numberOfTransactions: 1, payloadLength: 32, payloadHash: sha('p4') }),
];

function insertOldRows(db: ReturnType<typeof openDatabase>): void {
  const block = db.prepare(
    `INSERT INTO blocks (height, id, version, timestamp, previous_block, number_of_transactions, total_amount,
       total_fee, reward, payload_length, payload_hash, generator_public_key, block_signature)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const h of HEADERS) {
    block.run(
      h.height,
      h.id,
      h.version,
      h.timestamp,
      h.previousBlock ?? null,
      h.numberOfTransactions,
      h.totalAmount,
      h.totalFee,
      h.reward,
      h.payloadLength,
      h.payloadHash,
      h.generatorPublicKey,
      h.blockSignature,
    );
  }
  const tx = db.prepare(
    `INSERT INTO transactions (id, block_height, sequence, version, type_group, type, timestamp, nonce,
       sender_public_key, sender_address, recipient_address, amount, fee, vendor_field, asset, serialized)
     VALUES (?, ?, 0, 2, 1, 0, 0, 1, ?, 'Dsender', 'Drecipient', 1, 1, NULL, NULL, x'00')`,
  );
  tx.run(sha('tx 1'), 1, KEY_A);
  tx.run(sha('tx 4'), 4, KEY_B);
  const forger = db.prepare(
    'INSERT INTO rounds (round, position, public_key, vote_balance) VALUES (2, ?, ?, ?)',
  );
  forger.run(0, KEY_B, 20n);
  forger.run(1, KEY_A, 10n);
  const rank = db.prepare(
    'INSERT INTO round_ranks (round, rank, public_key, vote_balance) VALUES (2, ?, ?, ?)',
  );
  rank.run(1, KEY_B, 20n);
  rank.run(2, KEY_A, 10n);
}

function oldDatabase() {
  const db = openDatabase(':memory:');
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < 8),
  );
  insertOldRows(db);
  return db;
}

describe('migration 008: compact block rows', () => {
  it('keeps every header and transaction of an existing database', () => {
    const db = oldDatabase();
    // 8 and whatever came after it.
    expect(migrate(db).applied).toEqual(MIGRATIONS.filter((m) => m.version >= 8).map((m) => m.version));
    const blocks = new BlockRepository(db);
    for (const h of HEADERS) {
      expect(blocks.header(h.height)).toEqual(h);
      expect(blocks.headerById(h.id!)).toEqual(h);
    }
    expect(db.prepare('SELECT count(*) AS n FROM transactions').get()).toEqual({ n: 2n });
    const rounds = new RoundRepository(db);
    expect(rounds.forgersOf(2)).toEqual([
      { publicKey: KEY_B, voteBalance: 20n },
      { publicKey: KEY_A, voteBalance: 10n },
    ]);
    expect(rounds.rankingOf(2)).toEqual(rounds.forgersOf(2));
    expect(rounds.lastActiveRound(KEY_A, 5)).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1n);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });

  it('stores hashes as bytes, the generator as a number, the parent and empty payload hash as NULL', () => {
    const db = oldDatabase();
    migrate(db);
    const rows = db
      .prepare(
        `SELECT height, typeof(id) AS id, typeof(previous_block) AS previous, typeof(payload_hash) AS payload,
                typeof(generator_id) AS generator, length(block_signature) AS signature
           FROM blocks ORDER BY height`,
      )
      .all();
    expect(rows).toEqual([
      { height: 1n, id: 'blob', previous: 'blob', payload: 'blob', generator: 'integer', signature: 71n },
      { height: 2n, id: 'blob', previous: 'null', payload: 'null', generator: 'integer', signature: 71n },
      { height: 3n, id: 'text', previous: 'null', payload: 'null', generator: 'integer', signature: 71n },
      { height: 4n, id: 'blob', previous: 'null', payload: 'blob', generator: 'integer', signature: 71n },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM delegate_keys').get()).toEqual({ n: 2n });
    expect(
      db.prepare('SELECT round, position, delegate_id FROM rounds ORDER BY round, position').all(),
    ).toEqual([
      { round: 2n, position: 0n, delegate_id: 2n },
      { round: 2n, position: 1n, delegate_id: 1n },
    ]);
    db.close();
  });

  it('writes, reads and removes blocks after the migration as before it', () => {
    const db = oldDatabase();
    migrate(db);
    const blocks = new BlockRepository(db);
    const next = header(5, HEADERS[3]!.id, { generatorPublicKey: `02${'e5'.repeat(32)}` });
    // A parent that is not the row below is kept as written.
    const detached = header(6, sha('elsewhere'));
    blocks.insert(next, []);
    blocks.insert(detached, []);
    expect(blocks.header(5)).toEqual(next);
    expect(blocks.header(6)).toEqual(detached);
    expect(blocks.lastHeader()).toEqual(detached);
    expect(blocks.lastForgedBefore(KEY_A, 4)).toEqual(HEADERS[1]);
    blocks.remove(6);
    blocks.remove(5);
    blocks.remove(4);
    expect(blocks.lastHeader()).toEqual(HEADERS[2]);
    expect(db.prepare('SELECT count(*) AS n FROM transactions').get()).toEqual({ n: 1n });
    db.close();
  });
});
