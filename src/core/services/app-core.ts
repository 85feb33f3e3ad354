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
import { Accounts } from './accounts';
import { ChainReads } from './chain-reads';
import { ChainWatch } from './chain-watch';
import { createDispatcher, type RequestHandler } from './dispatcher';
import { AppEvents, type EventListener } from './events';
import { keystoreStatus, vaultHandlers } from './handlers/vault';
import { delegateReadHandlers } from './handlers/delegate-reads';
import { explorerHandlers } from './handlers/explorer';
import { localnetHandlers } from './handlers/localnet';
import { monitorHandlers } from './handlers/monitor';
import { networkHandlers } from './handlers/network';
import type { Services } from './handlers/services';
import { transactionHandlers } from './handlers/transactions';
import { monitorTarget, openMonitor } from './monitor-host';
import { Networks } from './networks';
import { PENDING_FILE } from './pending-store';
import { PendingTracker } from './pending-tracker';
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

/** The data directory's process lock (core/fs/process-lock.ts), beside settings.json. */
export const DATA_DIR_LOCK = 'votary.lock';

export class AppCore {
  readonly handleRequest: RequestHandler;
  private closed = false;
  private lock: ProcessLock | undefined;

  private constructor(
    readonly services: Services,
    private readonly api: ApiServer,
    private readonly watch: ChainWatch,
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
        ...localnetHandlers(services),
        ...explorerHandlers(services),
        ...delegateReadHandlers(services),
        ...monitorHandlers(services),
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
    try {
      // Before the first slot fires (the forger starts on a timer): a paused chain stays paused.
      restoreForgingControls(node);
      node.on('forging-error', (error) =>
        events.alert('warning', 'FORGING_FAILED', `Forging failed: ${error.message}`),
      );
      const { api, publicUrl } = await listenApi(node, options, events, onDefect);
      try {
        const registry = await NetworkRegistry.open(
          jsonFileNetworkStore(join(options.dataDir, 'networks.json')),
          {
            name: LOCALNET_NAME,
            url: publicUrl,
            network: node.network,
          },
        );
        const localnet = new LocalChain({
          networkId: EMBEDDED_NETWORK_ID,
          node,
          api: { app: api.publicApp, url: publicUrl },
          ...(options.client === undefined ? {} : { client: options.client }),
        });
        const networksOptions = {
          ...(options.client === undefined ? {} : { client: options.client }),
          pollMs: options.pollMs ?? 4_000,
          inProcess: [localnet],
        };
        // The watcher is built below; the callback only runs on a later networks:select.
        const networks = new Networks(registry, settings, networksOptions, (entry) => {
          watch.follow(entry);
          monitor.follow(monitorTarget(networks, entry));
        });
        const profile = options.profile ?? DEFAULT_PROFILE;
        const tracker = await PendingTracker.open(networks, events, {
          path: join(options.dataDir, 'profiles', profile, PENDING_FILE),
        });
        const monitor = openMonitor({
          dataDir: options.dataDir,
          networks,
          events,
          keystore: () => services.keystore,
          ...(options.client === undefined ? {} : { client: options.client }),
          onDefect,
        });
        const services: Services = {
          info: {
            name: 'Votary',
            version: options.version,
            shell: options.shell,
            platform: options.platform ?? process.platform,
            embeddedApiUrl: publicUrl,
          },
          node,
          keystore: new Keystore({
            dataDir: options.dataDir,
            profile,
            idleLockMs: settings.get().idleLockMs,
            onLocked: (reason) =>
              void keystoreStatus(services)
                .then((status) => events.emit('keystore:status', { ...status, lockedBy: reason }))
                .catch(onDefect),
            ...(options.keychain === undefined ? {} : { keychain: options.keychain }),
            ...(options.scrypt === undefined ? {} : { scrypt: options.scrypt }),
          }),
          networks,
          chain: new ChainReads(networks),
          accounts: new Accounts(networks, tracker),
          tracker,
          settings,
          events,
          localnet: {
            networkId: EMBEDDED_NETWORK_ID,
            controls: new NodeLocalnetControls({ node, now: Date.now }),
          },
          monitor,
          now: Date.now,
        };
        const watch = new ChainWatch({ networks, keystore: services.keystore, events, tracker, onDefect });
        watch.start();
        monitor.follow(monitorTarget(networks, networks.active()));
        monitor.start();
        return new AppCore(services, api, watch, onDefect);
      } catch (error) {
        await api.close();
        throw error;
      }
    } catch (error) {
      await node.stop();
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

  /** Locks the vault, stops watching, closes the API and stops the node (its database closes cleanly). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.watch.stop();
    await this.services.monitor.close();
    // The last status changes reach the pending file before the process may exit.
    await this.services.tracker.flush();
    this.services.keystore.lock();
    this.services.events.clear();
    await this.api.close();
    await this.services.node.stop();
    this.lock?.release();
  }
}
