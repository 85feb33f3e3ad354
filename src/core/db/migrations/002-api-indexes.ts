import type { Migration } from './types';

/**
 * What the public API needs beyond the chain schema (docs/design/api.md "Indexes"):
 * - composite indexes so that filtered transaction lists come out in chain order (block_height, sequence)
 *   without sorting: by sender (key and address), by recipient, by type; and the vendorField prefix search
 *   (GLOB 'abc*') on the rows that have one;
 * - an exact transaction count kept by triggers, so that an unfiltered list never counts millions of rows
 *   (ON DELETE CASCADE from blocks fires the delete trigger too, so reverting a block keeps it right).
 */
export const apiIndexes: Migration = {
  version: 2,
  name: 'api-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX api_transactions_sender_key_order
        ON transactions (sender_public_key, block_height, sequence);
      CREATE INDEX api_transactions_sender_address_order
        ON transactions (sender_address, block_height, sequence);
      CREATE INDEX api_transactions_recipient_order
        ON transactions (recipient_address, block_height, sequence);
      CREATE INDEX api_transactions_type_order
        ON transactions (type_group, type, block_height, sequence);
      CREATE INDEX api_transactions_vendor_field
        ON transactions (vendor_field) WHERE vendor_field IS NOT NULL;

      CREATE TABLE api_counters (
        name  TEXT    PRIMARY KEY,
        value INTEGER NOT NULL
      );
      INSERT INTO api_counters (name, value) SELECT 'transactions', count(*) FROM transactions;
      CREATE TRIGGER api_count_transactions_insert AFTER INSERT ON transactions BEGIN
        UPDATE api_counters SET value = value + 1 WHERE name = 'transactions';
      END;
      CREATE TRIGGER api_count_transactions_delete AFTER DELETE ON transactions BEGIN
        UPDATE api_counters SET value = value - 1 WHERE name = 'transactions';
      END;
    `);
  },
};
