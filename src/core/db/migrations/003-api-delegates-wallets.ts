import type { Migration } from './types';

/**
 * What the wallet and delegate routes of the public API need (docs/design/api.md "Indexes"):
 * - `/wallets` and `/wallets/top` list by balance (ARK's default `balance:desc`) with the address as the final
 *   tie-breaker, so a page is a walk of (balance, address), never a sort of every wallet;
 * - `/delegates/{id}/voters` lists one delegate's voters by balance: (vote, balance, address);
 * - the `nonce` criterion, and the `attributes.secondPublicKey` / `attributes.multiSignature` criteria, which
 *   only a few wallets have (partial indexes: nothing is stored for the others);
 * - an exact wallet count kept by triggers (as the transaction counter of migration 002), so an unfiltered
 *   list never counts every wallet. The wallet repository writes with an UPSERT: its update path fires no
 *   INSERT trigger, and a wallet emptied by a revert is a DELETE.
 */
export const apiDelegatesWallets: Migration = {
  version: 3,
  name: 'api-delegates-wallets',
  up(db) {
    db.exec(`
      CREATE INDEX api_wallets_balance_order ON wallets (balance, address);
      CREATE INDEX api_wallets_vote_balance ON wallets (vote, balance, address) WHERE vote IS NOT NULL;
      CREATE INDEX api_wallets_nonce ON wallets (nonce);
      CREATE INDEX api_wallets_second_public_key
        ON wallets (second_public_key) WHERE second_public_key IS NOT NULL;
      CREATE INDEX api_wallets_multi_signature ON wallets (multi_signature) WHERE multi_signature IS NOT NULL;

      INSERT INTO api_counters (name, value) SELECT 'wallets', count(*) FROM wallets;
      CREATE TRIGGER api_count_wallets_insert AFTER INSERT ON wallets BEGIN
        UPDATE api_counters SET value = value + 1 WHERE name = 'wallets';
      END;
      CREATE TRIGGER api_count_wallets_delete AFTER DELETE ON wallets BEGIN
        UPDATE api_counters SET value = value - 1 WHERE name = 'wallets';
      END;
    `);
  },
};
