import type { Migration } from './types';

/**
 * Drops the indexes another index begins with: `transactions (sender_address)` is the prefix of
 * `api_transactions_sender_address_order (sender_address, block_height, sequence)`, and so on for the sender's key,
 * the recipient and the type; `wallets (balance)` of `api_wallets_balance_order (balance, address)`. A lookup by the
 * first columns uses the longer index as well; every block's writes no longer update the shorter ones (a fifth of
 * the index work of a full block: docs/benchmarks.md "Sync").
 */
export const redundantIndexes: Migration = {
  version: 7,
  name: 'redundant-indexes',
  up(db) {
    db.exec(`
      DROP INDEX IF EXISTS transactions_sender_address;
      DROP INDEX IF EXISTS transactions_sender_public_key;
      DROP INDEX IF EXISTS transactions_recipient_address;
      DROP INDEX IF EXISTS transactions_type;
      DROP INDEX IF EXISTS wallets_balance;
    `);
  },
};
