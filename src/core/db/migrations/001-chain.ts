import type { Migration } from './types';

/**
 * The chain schema (docs/design/node.md "Storage"). Amounts are INTEGER (int64 arktoshi, read as bigint);
 * keys, ids and hashes are lower-case hex TEXT. Foreign keys cascade from blocks so that reverting a block is
 * one DELETE of its row.
 */
export const chainSchema: Migration = {
  version: 1,
  name: 'chain',
  up(db) {
    db.exec(`
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE blocks (
        height                 INTEGER PRIMARY KEY,
        id                     TEXT    NOT NULL UNIQUE,
        version                INTEGER NOT NULL,
        timestamp              INTEGER NOT NULL,
        previous_block         TEXT,
        number_of_transactions INTEGER NOT NULL,
        total_amount           INTEGER NOT NULL,
        total_fee              INTEGER NOT NULL,
        reward                 INTEGER NOT NULL,
        payload_length         INTEGER NOT NULL,
        payload_hash           TEXT    NOT NULL,
        generator_public_key   TEXT    NOT NULL,
        block_signature        TEXT    NOT NULL
      );
      CREATE INDEX blocks_generator_height ON blocks (generator_public_key, height);
      CREATE INDEX blocks_timestamp ON blocks (timestamp);

      CREATE TABLE transactions (
        id                TEXT    PRIMARY KEY,
        block_height      INTEGER NOT NULL REFERENCES blocks (height) ON DELETE CASCADE,
        sequence          INTEGER NOT NULL,
        version           INTEGER NOT NULL,
        type_group        INTEGER NOT NULL,
        type              INTEGER NOT NULL,
        timestamp         INTEGER NOT NULL,
        nonce             INTEGER NOT NULL,
        sender_public_key TEXT    NOT NULL,
        sender_address    TEXT    NOT NULL,
        recipient_address TEXT,
        amount            INTEGER NOT NULL,
        fee               INTEGER NOT NULL,
        vendor_field      TEXT,
        asset             TEXT,
        serialized        BLOB    NOT NULL
      );
      CREATE UNIQUE INDEX transactions_block_sequence ON transactions (block_height, sequence);
      CREATE INDEX transactions_sender_address ON transactions (sender_address);
      CREATE INDEX transactions_sender_public_key ON transactions (sender_public_key);
      CREATE INDEX transactions_recipient_address ON transactions (recipient_address);
      CREATE INDEX transactions_type ON transactions (type_group, type);
      CREATE INDEX transactions_timestamp ON transactions (timestamp);

      CREATE TABLE transaction_recipients (
        transaction_id TEXT    NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
        position       INTEGER NOT NULL,
        address        TEXT    NOT NULL,
        amount         INTEGER NOT NULL,
        PRIMARY KEY (transaction_id, position)
      );
      CREATE INDEX transaction_recipients_address ON transaction_recipients (address);

      CREATE TABLE wallets (
        address           TEXT    PRIMARY KEY,
        public_key        TEXT    UNIQUE,
        balance           INTEGER NOT NULL,
        nonce             INTEGER NOT NULL,
        second_public_key TEXT,
        multi_signature   TEXT,
        vote              TEXT,
        locked_balance    INTEGER NOT NULL
      );
      CREATE INDEX wallets_vote ON wallets (vote);
      CREATE INDEX wallets_balance ON wallets (balance);

      CREATE TABLE delegates (
        public_key           TEXT    PRIMARY KEY,
        address              TEXT    NOT NULL UNIQUE,
        username             TEXT    NOT NULL UNIQUE,
        vote_balance         INTEGER NOT NULL,
        produced_blocks      INTEGER NOT NULL,
        forged_fees          INTEGER NOT NULL,
        forged_rewards       INTEGER NOT NULL,
        last_block_id        TEXT,
        last_block_height    INTEGER,
        last_block_timestamp INTEGER,
        resigned             INTEGER NOT NULL,
        rank                 INTEGER,
        round                INTEGER
      );
      CREATE INDEX delegates_vote_balance ON delegates (vote_balance);

      CREATE TABLE rounds (
        round        INTEGER NOT NULL,
        position     INTEGER NOT NULL,
        public_key   TEXT    NOT NULL,
        vote_balance INTEGER NOT NULL,
        PRIMARY KEY (round, position)
      );
      CREATE INDEX rounds_public_key ON rounds (public_key, round);

      CREATE TABLE round_ranks (
        round        INTEGER NOT NULL,
        rank         INTEGER NOT NULL,
        public_key   TEXT    NOT NULL,
        vote_balance INTEGER NOT NULL,
        PRIMARY KEY (round, rank)
      );

      CREATE TABLE locks (
        id                    TEXT    PRIMARY KEY,
        sender_public_key     TEXT    NOT NULL,
        sender_address        TEXT    NOT NULL,
        recipient_address     TEXT    NOT NULL,
        amount                INTEGER NOT NULL,
        secret_hash           TEXT    NOT NULL,
        expiration_type       INTEGER NOT NULL,
        expiration_value      INTEGER NOT NULL,
        timestamp             INTEGER NOT NULL,
        height                INTEGER NOT NULL,
        vendor_field          TEXT,
        status                TEXT    NOT NULL CHECK (status IN ('locked', 'claimed', 'refunded')),
        unlock_transaction_id TEXT
      );
      CREATE INDEX locks_sender_address ON locks (sender_address);
      CREATE INDEX locks_recipient_address ON locks (recipient_address);
      CREATE INDEX locks_status ON locks (status);

      CREATE TABLE entities (
        id           TEXT    PRIMARY KEY,
        address      TEXT    NOT NULL,
        public_key   TEXT    NOT NULL,
        type         INTEGER NOT NULL,
        sub_type     INTEGER NOT NULL,
        name         TEXT    NOT NULL,
        ipfs_data    TEXT,
        resigned     INTEGER NOT NULL,
        data_history TEXT    NOT NULL
      );
      CREATE UNIQUE INDEX entities_type_name ON entities (type, name);
      CREATE INDEX entities_address ON entities (address);

      CREATE TABLE ipfs_hashes (
        hash    TEXT PRIMARY KEY,
        address TEXT NOT NULL
      );
      CREATE INDEX ipfs_hashes_address ON ipfs_hashes (address);

      CREATE TABLE pool (
        id                TEXT    PRIMARY KEY,
        serialized        BLOB    NOT NULL,
        sender_public_key TEXT    NOT NULL,
        nonce             INTEGER NOT NULL,
        fee               INTEGER NOT NULL,
        received_height   INTEGER NOT NULL,
        received_at       INTEGER NOT NULL
      );
      CREATE INDEX pool_sender_nonce ON pool (sender_public_key, nonce);
    `);
  },
};
