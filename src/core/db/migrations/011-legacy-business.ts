import type { Migration } from './types';

/**
 * A wallet's legacy business and its bridgechains (Magistrate types 0–5, applied between aip11 and aip36): ARK
 * keeps them in the wallet's `business` attribute (core-magistrate-transactions `interfaces.ts`), Votary in one JSON
 * column beside the wallet's other attributes (domain `BusinessAttributes`). Few wallets ever had one (ARK mainnet
 * and devnet, aip11 to aip36), so a nullable column costs the others nothing but its NULL.
 */
export const legacyBusiness: Migration = {
  version: 11,
  name: 'legacy-business',
  up(db) {
    db.exec('ALTER TABLE wallets ADD COLUMN business TEXT');
  },
};
