import type { Migration } from './types';

/**
 * What the public API's slow routes needed at mainnet's length (docs/benchmarks.md "Scale"):
 * - the number of blocks each generator forged, kept by triggers like `api_counters` (migration 002):
 *   `/delegates/{key}/blocks` answers its exact total from here instead of counting the delegate's entries of
 *   blocks_generator_height on each request (a 21st of the chain on localnet, a 51st on ARK's networks);
 * - a wallet's votes in chain order: `/wallets/{id}/votes` filters on the sender's key and the vote type, and
 *   SQLite walked every vote of the chain in api_transactions_type_order to find one sender's. A partial index
 *   holds only votes (the statement's literal `type_group = 1 AND type = 3` allows it); it repeats the type
 *   columns so that, planned without statistics, it matches more terms than the type index and is chosen.
 */
export const apiKeptCounts: Migration = {
  version: 10,
  name: 'api-kept-counts',
  up(db) {
    db.exec(`
      CREATE TABLE api_generator_counters (
        generator_id INTEGER PRIMARY KEY,
        blocks       INTEGER NOT NULL
      );
      INSERT INTO api_generator_counters (generator_id, blocks)
        SELECT generator_id, count(*) FROM blocks GROUP BY generator_id;
      CREATE TRIGGER api_count_generator_insert AFTER INSERT ON blocks BEGIN
        INSERT INTO api_generator_counters (generator_id, blocks) VALUES (NEW.generator_id, 1)
          ON CONFLICT (generator_id) DO UPDATE SET blocks = blocks + 1;
      END;
      CREATE TRIGGER api_count_generator_delete AFTER DELETE ON blocks BEGIN
        UPDATE api_generator_counters SET blocks = blocks - 1 WHERE generator_id = OLD.generator_id;
        -- A reverted block leaves the state exactly as before it (node.md "Revert"): no row at zero.
        DELETE FROM api_generator_counters WHERE generator_id = OLD.generator_id AND blocks = 0;
      END;
      CREATE INDEX api_transactions_vote_sender
        ON transactions (sender_public_key, type_group, type, block_height, sequence)
        WHERE type_group = 1 AND type = 3;
    `);
  },
};
