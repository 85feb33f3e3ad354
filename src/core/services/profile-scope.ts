/**
 * The parts of AppCore that belong to one profile (profiles/profile-list.ts): its settings, networks and their
 * chains, pending list, contacts, key store, monitor, chain watcher and own nodes. The embedded node, its API and
 * the event stream belong to the process and stay open across a switch of profile; these open on them, in order,
 * and close in reverse (Closers) when the profile is closed or a later part fails to open.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChainAccess } from '../chain-access';
import type { NodeClientOptions } from '../client';
import { Keystore, type Keychain, type ScryptParams } from '../keystore';
import type { NodeMonitor } from '../monitor';
import { LOCALNET_NAME, type LocalNode } from '../node';
import { Closers } from './closers';
import { CONTACTS_FILE, ContactBook } from './contacts/contact-book';
import { MULTISIG_FILE, MultisigBook } from './multisig/multisig-book';
import type { MultisigParts } from './multisig/deps';
import type { AppEvents } from './events';
import { ChainReads } from './chain/chain-reads';
import { monitorTarget, openMonitor } from './monitor/monitor-host';
import { forwardToWebhook } from './monitor/webhook-host';
import { ChainWatch } from './networks/chain-watch';
import { Networks } from './networks/networks';
import { NetworkRegistry } from './networks/registry';
import { jsonFileNetworkStore } from './networks/registry-file-store';
import { OwnNodes } from './follower/own-nodes';
import type { ProfilePaths } from './profiles/profile-list';
import { SettingsFile } from './settings';
import { Accounts } from './transactions/accounts';
import { PENDING_FILE } from './transactions/pending-store';
import { PendingTracker } from './transactions/pending-tracker';
import { vaultStatus } from './vault/handlers';
import { DailyStore, type FetchLike } from '../prices';
import { Prices } from './prices/prices';
import { PRICE_HISTORY_FILE, PRICE_SETTINGS_FILE, PriceSettingsFile } from './prices/price-settings';

/** What the process keeps across profiles, and the options every profile opens with. */
export interface ProcessParts {
  dataDir: string;
  events: AppEvents;
  node: LocalNode;
  /** The embedded node's chain (core/host), which every profile reads the localnet through. */
  localnet: ChainAccess;
  publicUrl: string;
  onDefect: (error: unknown) => void;
  now: () => number;
  /** The multisignature server the app hosts for the embedded localnet (services/multisig/local-server.ts). */
  musig: MultisigParts['local'];
  client?: NodeClientOptions;
  pollMs: number;
  scrypt?: ScryptParams;
  keychain?: Keychain;
  verifyWorkerUrl?: URL;
  /** The price sources on a loopback server instead of their public APIs (tests and screenshots only). */
  prices?: { baseUrl?: string; fetch?: FetchLike };
}

/** One profile's parts: what the domains' handlers work with besides the process's (app-core.ts composes them). */
export interface ProfileServices {
  keystore: Keystore;
  networks: Networks;
  chainReads: ChainReads;
  accounts: Accounts;
  tracker: PendingTracker;
  settings: SettingsFile;
  /** The profile's contacts, per network. */
  contacts: ContactBook;
  /** The node monitor and its alerts. */
  monitor: NodeMonitor;
  /** The remote networks' own nodes (followers in this process). */
  ownNodes: OwnNodes;
  /** The profile's multisignature wallets and servers, and the server hosted for localnet. */
  multisig: MultisigParts;
  /** The profile's price settings, its quote and stored daily prices (prices/prices.ts). */
  prices: Prices;
}

export interface ProfileScope {
  profileId: string;
  services: ProfileServices;
  close: () => Promise<void>;
}

export async function openProfileScope(
  parts: ProcessParts,
  profileId: string,
  paths: ProfilePaths,
): Promise<ProfileScope> {
  const { events, node, localnet, publicUrl, onDefect } = parts;
  const closers = new Closers();
  try {
    await mkdir(paths.folder, { recursive: true, mode: 0o700 });
    const settings = await SettingsFile.open(paths.settings);
    const registry = await NetworkRegistry.open(jsonFileNetworkStore(paths.networks), {
      name: LOCALNET_NAME,
      url: publicUrl,
      network: node.network,
    });
    const client = parts.client === undefined ? {} : { client: parts.client };
    const networks = new Networks(registry, settings, {
      ...client,
      pollMs: parts.pollMs,
      inProcess: [localnet],
    });

    const tracker = await PendingTracker.open(networks, events, {
      path: join(paths.folder, PENDING_FILE),
    });
    // The last status changes reach the pending file before the process may exit.
    closers.add(() => tracker.flush());
    const contacts = await ContactBook.open(join(paths.folder, CONTACTS_FILE));
    const multisigBook = await MultisigBook.open(join(paths.folder, MULTISIG_FILE));

    const keystore: Keystore = new Keystore({
      dataDir: parts.dataDir,
      profile: profileId,
      idleLockMs: settings.get().idleLockMs,
      onLocked: (reason) =>
        void vaultStatus(keystore)
          .then((status) => events.emit('vault:status', { ...status, lockedBy: reason }))
          .catch(onDefect),
      ...(parts.keychain === undefined ? {} : { keychain: parts.keychain }),
      ...(parts.scrypt === undefined ? {} : { scrypt: parts.scrypt }),
    });
    closers.add(() => keystore.lock());

    const { monitor, unwatch } = openMonitor({
      dataDir: paths.monitorDir,
      networks,
      events,
      keystore: () => keystore,
      ...client,
      onDefect,
    });
    closers.add(() => monitor.close());
    closers.add(unwatch);
    closers.add(forwardToWebhook(events, monitor, networks));

    const watch = new ChainWatch({ networks, keystore, events, tracker, contacts, onDefect });
    closers.add(() => watch.stop());
    networks.onActiveChanged((entry) => {
      watch.follow(entry);
      monitor.follow(monitorTarget(networks, entry));
    });
    watch.start();
    monitor.follow(monitorTarget(networks, networks.active()));
    monitor.start();

    // Last opened, first closed: an own node stops while the watcher and the monitor still listen.
    const ownNodes = new OwnNodes({
      dataDir: parts.dataDir,
      networks,
      settings,
      events,
      ...client,
      ...(parts.verifyWorkerUrl === undefined ? {} : { verifyWorkerUrl: parts.verifyWorkerUrl }),
      onDefect,
    });
    closers.add(() => ownNodes.close());
    ownNodes.restore();

    // Off by default: while off, no timer runs and nothing is asked of any price source.
    const prices = new Prices({
      settings: await PriceSettingsFile.open(join(paths.folder, PRICE_SETTINGS_FILE)),
      store: await DailyStore.open(join(paths.folder, PRICE_HISTORY_FILE)),
      active: () => networks.active(),
      onActiveChanged: (listener) => networks.onActiveChanged(listener),
      events,
      onDefect,
      now: parts.now,
      ...(parts.prices?.baseUrl === undefined ? {} : { baseUrl: parts.prices.baseUrl }),
      ...(parts.prices?.fetch === undefined ? {} : { fetch: parts.prices.fetch }),
    });
    closers.add(() => prices.close());
    prices.start();

    return {
      profileId,
      services: {
        keystore,
        networks,
        chainReads: new ChainReads(networks),
        accounts: new Accounts(networks, tracker),
        tracker,
        settings,
        contacts,
        monitor,
        ownNodes,
        multisig: { book: multisigBook, local: parts.musig },
        prices,
      },
      close: () => closers.closeAll(),
    };
  } catch (error) {
    await closers.closeAll();
    throw error;
  }
}
