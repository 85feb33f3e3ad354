import type { Migration } from './types';

const LOWER_HEX = (column: string) =>
  `(typeof(${column}) = 'text' AND length(${column}) % 2 = 0 AND length(${column}) > 0 ` +
  `AND ${column} NOT GLOB '*[^0-9a-f]*')`;
/** The stored form of a hex text column (src/core/db/block-encoding.ts `storedHex`). */
const STORED = (column: string) => `CASE WHEN ${LOWER_HEX(column)} THEN unhex(${column}) ELSE ${column} END`;
const KEY_ID = (column: string) => `(SELECT k.id FROM delegate_keys k WHERE k.public_key = ${column})`;

/**
 * Compact per-block rows (docs/design/node.md "Storage"; the encoding: src/core/db/block-encoding.ts). A chain of
 * mainnet's length is tens of millions of mostly empty blocks, so every byte of a block row — and of the round
 * rows, about one per block — counts 40 million times:
 * - blocks: ids, hashes and signatures become BLOBs, the generator's key a small integer into `delegate_keys`,
 *   the previous block's id NULL when the row below holds it, the empty payload's hash NULL. The indexes the API
 *   uses stay: the id (UNIQUE), (generator, height) for a delegate's blocks, the timestamp for timestamp filters;
 * - rounds and round_ranks: the delegate's key as the same small integer, WITHOUT ROWID (the primary key is the
 *   row's only lookup, so a second copy of it in a rowid index would be waste).
 *
 * The tables are rebuilt (SQLite's "making other kinds of table schema changes" procedure) with foreign keys off
 * (`rebuildsTables`): dropping the old `blocks` would otherwise cascade to every transaction.
 */
export const compactBlocks: Migration = {
  version: 8,
  name: 'compact-blocks',
  rebuildsTables: true,
  up(db) {
    db.exec(`
      CREATE TABLE delegate_keys (
        id         INTEGER PRIMARY KEY,
        public_key TEXT    NOT NULL UNIQUE
      );
      INSERT INTO delegate_keys (public_key)
        SELECT public_key FROM (
          SELECT generator_public_key AS public_key FROM blocks
          UNION SELECT public_key FROM rounds
          UNION SELECT public_key FROM round_ranks
        ) ORDER BY public_key;

      CREATE TABLE blocks_compact (
        height                 INTEGER PRIMARY KEY,
        id                     BLOB    NOT NULL,
        version                INTEGER NOT NULL,
        timestamp              INTEGER NOT NULL,
        previous_block         BLOB,
        number_of_transactions INTEGER NOT NULL,
        total_amount           INTEGER NOT NULL,
        total_fee              INTEGER NOT NULL,
        reward                 INTEGER NOT NULL,
        payload_length         INTEGER NOT NULL,
        payload_hash           BLOB,
        generator_id           INTEGER NOT NULL,
        block_signature        BLOB    NOT NULL
      );
      INSERT INTO blocks_compact
        SELECT b.height, ${STORED('b.id')}, b.version, b.timestamp,
               CASE WHEN b.previous_block = (SELECT p.id FROM blocks p WHERE p.height = b.height - 1) THEN NULL
                    ELSE ${STORED('b.previous_block')} END,
               b.number_of_transactions, b.total_amount, b.total_fee, b.reward, b.payload_length,
               CASE WHEN b.payload_hash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
                    THEN NULL ELSE ${STORED('b.payload_hash')} END,
               ${KEY_ID('b.generator_public_key')},
               ${STORED('b.block_signature')}
          FROM blocks b ORDER BY b.height;
      DROP TABLE blocks;
      ALTER TABLE blocks_compact RENAME TO blocks;
      CREATE UNIQUE INDEX blocks_id ON blocks (id);
      CREATE INDEX blocks_generator_height ON blocks (generator_id, height);
      CREATE INDEX blocks_timestamp ON blocks (timestamp);

      CREATE TABLE rounds_compact (
        round        INTEGER NOT NULL,
        position     INTEGER NOT NULL,
        delegate_id  INTEGER NOT NULL,
        vote_balance INTEGER NOT NULL,
        PRIMARY KEY (round, position)
      ) WITHOUT ROWID;
      INSERT INTO rounds_compact
        SELECT r.round, r.position, ${KEY_ID('r.public_key')}, r.vote_balance FROM rounds r
         ORDER BY r.round, r.position;
      DROP TABLE rounds;
      ALTER TABLE rounds_compact RENAME TO rounds;
      CREATE INDEX rounds_public_key ON rounds (delegate_id, round);

      CREATE TABLE round_ranks_compact (
        round        INTEGER NOT NULL,
        rank         INTEGER NOT NULL,
        delegate_id  INTEGER NOT NULL,
        vote_balance INTEGER NOT NULL,
        PRIMARY KEY (round, rank)
      ) WITHOUT ROWID;
      INSERT INTO round_ranks_compact
        SELECT r.round, r.rank, ${KEY_ID('r.public_key')}, r.vote_balance FROM round_ranks r
         ORDER BY r.round, r.rank;
      DROP TABLE round_ranks;
      ALTER TABLE round_ranks_compact RENAME TO round_ranks;
    `);
  },
};
