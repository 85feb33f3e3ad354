import type { Migration } from './types';

/**
 * Rebuilds `pool` without its primary key on the id. That key was an index of random 64-character ids: each
 * admitted transaction put an entry on a leaf of its own, which the commit of the admitting batch wrote to the WAL
 * and the checkpointer copied back: 51 WAL frames for a batch of 40 rows on a pool of 6,000, 6 without it
 * (tests/node/db/pool-rows.test.ts). Rows are now appended in arrival order and found by the rowid the repository
 * got when it wrote them (db/repositories/pool.ts, docs/design/node.md "Storage"). The rows keep their order.
 */
export const poolRows: Migration = {
  version: 14,
  name: 'pool-rows',
  up(db) {
    db.exec(`
      CREATE TABLE pool_rows (
        id                TEXT    NOT NULL,
        serialized        BLOB    NOT NULL,
        sender_public_key TEXT    NOT NULL,
        nonce             INTEGER NOT NULL,
        fee               INTEGER NOT NULL,
        received_height   INTEGER NOT NULL,
        received_at       INTEGER NOT NULL
      );
      INSERT INTO pool_rows (id, serialized, sender_public_key, nonce, fee, received_height, received_at)
        SELECT id, serialized, sender_public_key, nonce, fee, received_height, received_at FROM pool ORDER BY rowid;
      DROP TABLE pool;
      ALTER TABLE pool_rows RENAME TO pool;
    `);
  },
};
