/**
 * What the transactions domain works with (its handlers, preview.ts, prepare.ts, sender.ts, fee-bounds.ts): the
 * profile's vault, settings, networks, accounts, pending list and the event stream. AppCore (app-core.ts) hands it in.
 */
import type { Keystore } from '../../keystore';
import type { AppEvents } from '../events';
import type { ChainReads } from '../chain/chain-reads';
import type { Networks } from '../networks/networks';
import type { SettingsFile } from '../settings';
import type { LedgerHost } from '../ledger/ledger-host';
import type { Accounts } from './accounts';
import type { PendingTracker } from './pending-tracker';

export interface SenderDeps {
  keystore: Keystore;
  settings: SettingsFile;
  networks: Networks;
  accounts: Accounts;
  tracker: PendingTracker;
  events: AppEvents;
  /** The Ledger device a wallet of kind `ledger` signs on (ledger/device-signers.ts). */
  ledger: LedgerHost;
  now: () => number;
}

/** What tx:* works with: the above, and the reads of the active chain (a lock's state, htlc-secrets.ts). */
export interface TransactionDeps extends SenderDeps {
  chainReads: ChainReads;
}
