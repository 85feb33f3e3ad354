import type { Migration } from './types';

/**
 * Indexes for /locks, /wallets/{id}/locks and /entities (docs/design/api.md "Indexes"):
 * - open locks newest first (ARK's default `timestamp.unix:desc`, then the id): (status, timestamp, id) walks the
 *   page without sorting and counts the open locks from the index alone; (status, amount, …) does the same for
 *   `orderBy=amount`;
 * - one index per single-value lock criterion (sender key, sender address, recipient, secret hash), each
 *   followed by (status, timestamp, id): two equality terms, so SQLite — which has no statistics here (the node
 *   never runs ANALYZE) — prefers it to walking every open lock by status, and the page comes out in order;
 *   lockId is the primary key;
 * - entities by name (ARK's default `data.name:asc`, then the id) and by public key.
 */
export const apiLocksEntities: Migration = {
  version: 4,
  name: 'api-locks-entities',
  up(db) {
    db.exec(`
      CREATE INDEX api_locks_status_order ON locks (status, timestamp, id);
      CREATE INDEX api_locks_status_amount ON locks (status, amount, timestamp, id);
      CREATE INDEX api_locks_sender_key_order ON locks (sender_public_key, status, timestamp, id);
      CREATE INDEX api_locks_sender_address_order ON locks (sender_address, status, timestamp, id);
      CREATE INDEX api_locks_recipient_order ON locks (recipient_address, status, timestamp, id);
      CREATE INDEX api_locks_secret_hash_order ON locks (secret_hash, status, timestamp, id);
      CREATE INDEX api_entities_name ON entities (name, id);
      CREATE INDEX api_entities_public_key ON entities (public_key);
    `);
  },
};
