/**
 * What the ledger domain works with (its handlers and device-signers.ts): the profile's vault (Ledger wallets are
 * kept there), the networks (balances, the token's name), the event stream (`ledger:prompt`, `wallets:changed`) and
 * the process's one device (ledger-host.ts). AppCore (app-core.ts) hands it in.
 */
import type { Keystore } from '../../keystore';
import type { AppEvents } from '../events';
import type { Networks } from '../networks/networks';
import type { LedgerHost } from './ledger-host';

export interface LedgerDeps {
  keystore: Keystore;
  networks: Networks;
  events: AppEvents;
  ledger: LedgerHost;
}
