/** What the channel handlers work with: the services one AppCore owns. */
import type { Keystore } from '../keystore';
import type { NodeMonitor } from '../monitor';
import type { LocalNode } from '../node';
import type { AppInfo } from '../../shared/domain/app';
import type { Accounts } from './transactions/accounts';
import type { ChainReads } from './explorer/chain-reads';
import type { AppEvents } from './events';
import type { LocalnetControls } from '../node/controls';
import type { Networks } from './networks/networks';
import type { OwnNodes } from './own-node/own-nodes';
import type { PendingTracker } from './transactions/pending-tracker';
import type { SettingsFile } from './settings';
import type { ContactBook } from './contacts/contact-book';
import type { MultisigParts } from './multisig/multisig-service';
import type { ProfileSwitch } from './profiles/profile-switch';
import type { Prices } from './prices/prices';

export interface Services {
  info: AppInfo;
  node: LocalNode;
  keystore: Keystore;
  networks: Networks;
  chainReads: ChainReads;
  accounts: Accounts;
  tracker: PendingTracker;
  settings: SettingsFile;
  /** The profile's contacts, per network. */
  contacts: ContactBook;
  events: AppEvents;
  /** The localnet controls, and the network they act on (localnet/gate.ts offers them while it is active). */
  localnet: { networkId: string; controls: LocalnetControls };
  /** The node monitor and its alerts. */
  monitor: NodeMonitor;
  /** The remote networks' own nodes (followers in this process). */
  ownNodes: OwnNodes;
  /** The profile's multisignature wallets and servers, and the server hosted for localnet. */
  multisig: MultisigParts;
  /** The profiles of the data directory and the one open; its switch replaces the profile's parts above. */
  profiles: ProfileSwitch;
  /** The profile's price settings, its quote and stored daily prices (prices/prices.ts). */
  prices: Prices;
  now: () => number;
}
