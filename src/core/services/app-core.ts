/**
 * AppCore (docs/design/architecture.md "Processes"): the one core both shells host — Electron main and `votary
 * serve`. It
 * owns the embedded localnet node and its API on 127.0.0.1, the key store, the network registry with a
 * NodeClient per network, the pending-transaction tracker and the faucet, and answers every IPC channel through
 * one dispatcher (`handleRequest`, which never throws) and one event stream (`subscribe`). No Electron here.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createApiServer, type ApiServer } from '../api';
import { ProcessLock } from '../fs/process-lock';
import { LocalChain } from '../chain';
import {
  EMBEDDED_NETWORK_ID,
  jsonFileNetworkStore,
  NetworkRegistry,
  type NodeClientOptions,
} from '../client';
import { Keystore, type Keychain, type ScryptParams } from '../keystore';
import { LocalNode, LOCALNET_NAME, type PoolOptionsInput } from '../node';
import { NodeLocalnetControls, restoreForgingControls } from '../node/controls';
import type { AppInfo } from '../../shared/domain/app';
import type { IpcResult } from '../../shared/ipc/errors';
import { Accounts } from './transactions/accounts';
import { ChainReads } from './explorer/chain-reads';
import { ChainWatch } from './networks/chain-watch';
import { createDispatcher, type RequestHandler } from './dispatcher';
import { AppEvents, type EventListener } from './events';
import { keystoreStatus, vaultHandlers } from './wallets/handlers';
import { chainHandlers } from './explorer/handlers';
import { localnetHandlers } from './localnet/handlers';
import { monitorHandlers } from './monitor/handlers';
import { ownNodeHandlers } from './own-node/handlers';
import { OwnNodes } from './own-node/own-nodes';
import { networkHandlers } from './networks/handlers';
import type { Services } from './services';
import { transactionHandlers } from './transactions/handlers';
import { messageHandlers } from './messages/handlers';
import { CONTACTS_FILE, ContactBook } from './contacts/contact-book';
import { contactHandlers } from './contacts/handlers';
import { monitorTarget, openMonitor } from './monitor/monitor-host';
import { Networks } from './networks/networks';
import { PENDING_FILE } from './transactions/pending-store';
import { PendingTracker } from './transactions/pending-tracker';
import { SettingsFile } from './settings';

export interface AppCoreOptions {
  /** The app's data directory: chain, vault, networks and settings live under it. */
  dataDir: string;
  shell: AppInfo['shell'];
  version: string;
  platform?: string;
  /** Seconds per localnet block (a new chain only; see LocalNodeOptions.blockTime). */
  blockTime?: number;
  /** Run the forger (default true). */
  forging?: boolean;
  /** The embedded API's ports (default 4003 public, 4004 secondary; taken ports fall back to free ones). */
  api?: { publicPort?: number; port?: number };
  /** Key-store profile (default "default"). */
  profile?: string;
  /** Tests: a cheap scrypt cost and an in-memory keychain. */
  scrypt?: ScryptParams;
  keychain?: Keychain;
  client?: NodeClientOptions;
  pool?: PoolOptionsInput;
  /** Remote network polling interval (ms, default 4000). */
  pollMs?: number;
  /** Where defects (bugs, not bad input) are reported; default stderr. */
  onDefect?: (error: unknown) => void;
  /** The bundled verify worker: the embedded node then checks signatures on every core (LocalNodeOptions). */
  verifyWorkerUrl?: URL;
}

export const DEFAULT_PROFILE = 'default';

function defaultDefect(error: unknown): void {
  process.stderr.write(
    `votary core: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}

/** Starts the API on the asked ports; when one is taken (another node runs), on free ports instead. */
async function listenApi(
  node: LocalNode,
  options: AppCoreOptions,
  events: AppEvents,
  onDefect: (error: unknown) => void,
): Promise<{ api: ApiServer; publicUrl: string }> {
  const make = (publicPort: number, port: number) =>
    createApiServer({ node, publicPort, port, onServerError: onDefect });
  const wanted = { publicPort: options.api?.publicPort ?? 4003, port: options.api?.port ?? 4004 };
  let api = make(wanted.publicPort, wanted.port);
  try {
    return { api, publicUrl: (await api.listen()).publicUrl };
  } catch (error) {
    await api.close().catch(() => undefined);
    if (!isAddressInUse(error)) throw error;
  }
  api = make(0, 0);
  const { publicUrl } = await api.listen();
  events.alert(
    'info',
    'API_PORT_IN_USE',
    `Port ${wanted.publicPort} or ${wanted.port} is taken (another node?); the local API is on ${publicUrl}.`,
  );
  return { api, publicUrl };
}

/** What must close, in the reverse order it was opened; one failing closer does not keep the others open. */
class Closers {
  private readonly list: (() => unknown)[] = [];

  add(close: () => unknown): void {
    this.list.push(close);
  }

  async closeAll(): Promise<void> {
    const failures: unknown[] = [];
    for (const close of this.list.splice(0).reverse()) {
      try {
        await close();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1)
      throw failures[0] instanceof Error ? failures[0] : new Error(String(failures[0]));
    if (failures.length > 1) throw new AggregateError(failures, 'closing the app core failed');
  }
}

/** The data directory's process lock (core/fs/process-lock.ts), beside settings.json. */
export const DATA_DIR_LOCK = 'votary.lock';

export class AppCore {
  readonly handleRequest: RequestHandler;
  private closed = false;
  private lock: ProcessLock | undefined;

  private constructor(
    readonly services: Services,
    private readonly closers: Closers,
    onDefect: (error: unknown) => void,
  ) {
    this.handleRequest = createDispatcher(
      {
        'app:info': () => services.info,
        'app:activity': () => {
          services.keystore.noteActivity();
          return null;
        },
        ...vaultHandlers(services),
        ...networkHandlers(services),
        ...transactionHandlers(services),
        ...messageHandlers(services),
        ...contactHandlers(services),
        ...localnetHandlers(services),
        ...chainHandlers(services),
        ...monitorHandlers(services),
        ...ownNodeHandlers(services),
      },
      { onDefect },
    );
  }

  /**
   * Opens the core on a data directory, which it locks for this process: a second process (another app window's
   * process, `votary serve`, a test) is refused with ProcessLockError naming the holder.
   */
  static async open(options: AppCoreOptions): Promise<AppCore> {
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const lock = ProcessLock.acquire(
      join(options.dataDir, DATA_DIR_LOCK),
      `The data directory ${options.dataDir}`,
      options.shell === 'electron' ? 'the Votary desktop app' : 'votary serve',
    );
    try {
      const core = await AppCore.openLocked(options);
      core.lock = lock;
      return core;
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /**
   * Opens the parts in order, each on what is open before it: settings, the node, its API, the networks and their
   * chains, the pending list, the key store, the monitor, the chain watcher. Each part that needs closing adds its
   * closer; they run in reverse order on close (or when a later part fails to open).
   */
  private static async openLocked(options: AppCoreOptions): Promise<AppCore> {
    const onDefect = options.onDefect ?? defaultDefect;
    const events = new AppEvents();
    const settings = await SettingsFile.open(join(options.dataDir, 'settings.json'));
    const node = await LocalNode.start({
      dataDir: options.dataDir,
      network: LOCALNET_NAME,
      ...(options.blockTime === undefined ? {} : { blockTime: options.blockTime }),
      ...(options.forging === undefined ? {} : { forging: options.forging }),
      ...(options.pool === undefined ? {} : { pool: options.pool }),
      ...(options.verifyWorkerUrl === undefined ? {} : { verifyWorkerUrl: options.verifyWorkerUrl }),
    });
    const closers = new Closers();
    closers.add(() => node.stop());
    try {
      // Before the first slot fires (the forger starts on a timer): a paused chain stays paused.
      restoreForgingControls(node);
      node.on('forging-error', (error) =>
        events.alert('warning', 'FORGING_FAILED', `Forging failed: ${error.message}`),
      );
      const { api, publicUrl } = await listenApi(node, options, events, onDefect);
      closers.add(() => api.close());
      // Nothing is pushed once the parts above the API have closed.
      closers.add(() => events.clear());

      const registry = await NetworkRegistry.open(
        jsonFileNetworkStore(join(options.dataDir, 'networks.json')),
        {
          name: LOCALNET_NAME,
          url: publicUrl,
          network: node.network,
        },
      );
      const client = options.client === undefined ? {} : { client: options.client };
      const localnet = new LocalChain({
        networkId: EMBEDDED_NETWORK_ID,
        node,
        api: { queries: api.queries, url: publicUrl },
      });
      const networks = new Networks(registry, settings, {
        ...client,
        pollMs: options.pollMs ?? 4_000,
        inProcess: [localnet],
      });

      const profile = options.profile ?? DEFAULT_PROFILE;
      const tracker = await PendingTracker.open(networks, events, {
        path: join(options.dataDir, 'profiles', profile, PENDING_FILE),
      });
      // The last status changes reach the pending file before the process may exit.
      closers.add(() => tracker.flush());
      const contacts = await ContactBook.open(join(options.dataDir, 'profiles', profile, CONTACTS_FILE));

      const keystore: Keystore = new Keystore({
        dataDir: options.dataDir,
        profile,
        idleLockMs: settings.get().idleLockMs,
        onLocked: (reason) =>
          void keystoreStatus(keystore)
            .then((status) => events.emit('keystore:status', { ...status, lockedBy: reason }))
            .catch(onDefect),
        ...(options.keychain === undefined ? {} : { keychain: options.keychain }),
        ...(options.scrypt === undefined ? {} : { scrypt: options.scrypt }),
      });
      closers.add(() => keystore.lock());

      const monitor = openMonitor({
        dataDir: options.dataDir,
        networks,
        events,
        keystore: () => keystore,
        ...client,
        onDefect,
      });
      closers.add(() => monitor.close());

      const watch = new ChainWatch({ networks, keystore, events, tracker, onDefect });
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
        dataDir: options.dataDir,
        networks,
        settings,
        events,
        ...client,
        ...(options.verifyWorkerUrl === undefined ? {} : { verifyWorkerUrl: options.verifyWorkerUrl }),
        onDefect,
      });
      closers.add(() => ownNodes.close());
      ownNodes.restore();

      const services: Services = {
        info: {
          name: 'Votary',
          version: options.version,
          shell: options.shell,
          platform: options.platform ?? process.platform,
          embeddedApiUrl: publicUrl,
        },
        node,
        keystore,
        networks,
        chain: new ChainReads(networks),
        accounts: new Accounts(networks, tracker),
        tracker,
        settings,
        contacts,
        events,
        localnet: {
          networkId: EMBEDDED_NETWORK_ID,
          controls: new NodeLocalnetControls({ node, now: Date.now }),
        },
        monitor,
        ownNodes,
        now: Date.now,
      };
      return new AppCore(services, closers, onDefect);
    } catch (error) {
      await closers.closeAll();
      throw error;
    }
  }

  /** Every push event (event name, payload), for a shell to forward; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    return this.services.events.subscribe(listener);
  }

  /** Typed convenience over handleRequest for Node-side callers (tests, CLI). */
  request(channel: string, payload?: unknown): Promise<IpcResult<unknown>> {
    return this.handleRequest(channel, payload);
  }

  /**
   * Closes the parts in the reverse order of opening: the watcher, the monitor, the key store (locked), the pending
   * list (flushed), the events, the API, and the node (its database closes cleanly); then the data directory.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.closers.closeAll();
    this.lock?.release();
  }
}
