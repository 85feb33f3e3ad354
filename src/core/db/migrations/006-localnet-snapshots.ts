import type { Migration } from './types';

/**
 * Localnet snapshots (docs/design/node.md "Localnet controls"):
 * - `localnet_snapshots`: a named point of the chain (height and block id); the name is its key, compared without
 *   case so that "Before vote" and "before vote" cannot both exist;
 * - `snapshot_blocks`: full serialized blocks (protocol §6.1) that a rollback or reset removed from the chain
 *   while a snapshot still needed them, so that rolling back to that snapshot can apply them again (through the
 *   one validation, `applyBlock`). Linked by `previous_block`, as on the chain.
 */
export const localnetSnapshots: Migration = {
  version: 6,
  name: 'localnet-snapshots',
  up(db) {
    db.exec(`
      CREATE TABLE localnet_snapshots (
        name       TEXT    PRIMARY KEY COLLATE NOCASE,
        height     INTEGER NOT NULL,
        block_id   TEXT    NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE snapshot_blocks (
        id             TEXT    PRIMARY KEY,
        height         INTEGER NOT NULL,
        previous_block TEXT    NOT NULL,
        serialized     BLOB    NOT NULL
      );
    `);
  },
};
