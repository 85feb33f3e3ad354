/**
 * What the prices domain works with (its handlers and portfolio.ts): the profile's prices (prices.ts: settings,
 * quote, daily closes), its vault (which wallets are the person's own), the networks (the active one) and the reads
 * of its chain (each wallet's history), and the clock. AppCore (app-core.ts) hands it in.
 */
import type { Keystore } from '../../keystore';
import type { ChainReads } from '../chain/chain-reads';
import type { Networks } from '../networks/networks';
import type { Prices } from './prices';

export interface PricesDeps {
  prices: Prices;
  keystore: Keystore;
  networks: Networks;
  chainReads: ChainReads;
  now: () => number;
}
