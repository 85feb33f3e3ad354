/**
 * AppCore (docs/design/architecture.md "Processes"): the one core both shells host — Electron main and `votary
 * serve`. It
 * owns the embedded localnet node and its API on 127.0.0.1, the key store, the network registry with a
 * NodeClient per network, the pending-transaction tracker and the faucet, and answers every IPC channel through
 * one dispatcher (`handleRequest`, which never throws) and one event stream (`subscribe`). No Electron here.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ProcessLock } from '../fs/process-lock';
import { hostLocalNode } from '../host';
import { PeerBudgets, SharedAnswers, type NodeClientOptions } from '../client';
import type { Keychain, ScryptParams } from '../keystore';
import { LOCALNET_NAME, type LocalNode, type PoolOptionsInput } from '../node';
import { NodeLocalnetControls, restoreForgingControls } from '../node/controls';
import type { AppInfo } from '../../shared/domain/app';
import type { IpcResult } from '../../shared/ipc/errors';
import { Closers } from './closers';
import { createDispatcher, type RequestHandler } from './dispatcher';
import { AppEvents, type EventListener } from './events';
import { vaultHandlers } from './vault/handlers';
import { walletHandlers } from './wallets/handlers';
import { chainHandlers } from './chain/handlers';
import type { LocalnetGate } from './localnet/gate';
import { localnetHandlers } from './localnet/handlers';
import { monitorHandlers } from './monitor/handlers';
import { ownNodeHandlers } from './follower/handlers';
import { networkHandlers } from './networks/handlers';
import { EMBEDDED_NETWORK_ID } from './networks/registry';
import { transactionHandlers } from './transactions/handlers';
import { messageHandlers } from './messages/handlers';
import { contactHandlers } from './contacts/handlers';
import { multisigHandlers } from './multisig/handlers';
import { LocalMusigServer } from './multisig/local-server';
import { openProfileScope, type ProcessParts, type ProfileServices } from './profile-scope';
import { ProfileList, profilePaths } from './profiles/profile-list';
import { profileHandlers } from './profiles/handlers';
import { ledgerHandlers } from './ledger/handlers';
import { LedgerHost, type LedgerConnection } from './ledger/ledger-host';
import { usbTransport } from '../ledger';
import { ProfileSwitch } from './profiles/profile-switch';
import { priceHandlers } from './prices/handlers';
import { appCoreTestSeam, type AppCoreTestSeam } from './app-core-test-seam';
import type { FetchLike } from '../prices';

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
  /**
   * Unix milliseconds for the embedded node, its localnet controls and the services (default Date.now). Tests pass
   * a fake clock with `forging: false` and forge each slot themselves (LocalNodeOptions.now, Forger.forgeAt).
   */
  now?: () => number;
  /** The bundled verify worker: the embedded node then checks signatures on every core (LocalNodeOptions). */
  verifyWorkerUrl?: URL;
  /**
   * How a Ledger is reached: USB HID (`usbTransport()`, the default; a sentence where its module cannot load) or
   * Ledger's emulator on loopback (`speculosTransport`, `votary serve --ledger-speculos`) for tests and screenshots.
   */
  ledger?: LedgerConnection;
  /**
   * The price sources' base URL on this machine (core/prices loopbackBaseUrl) instead of their public APIs, and a
   * fetch to use: tests and screenshots only, never a setting a person sees.
   */
  prices?: { baseUrl?: string; fetch?: FetchLike };
}

export { DEFAULT_PROFILE } from './profiles/profile-list';

function defaultDefect(error: unknown): void {
  process.stderr.write(
    `votary core: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
}

/** The data directory's process lock (core/fs/process-lock.ts), beside settings.json. */
export const DATA_DIR_LOCK = 'votary.lock';

/**
 * What AppCore composes: the process's parts and the open profile's (profile-scope.ts), one object that a switch of
 * profile updates in place. Each domain's handlers get it as their own deps type (e.g. wallets/handlers.ts
 * `WalletDeps`) and so see only what they declare; the embedded node is not among them (reads go through
 * ChainAccess).
 */
export interface AppParts extends ProfileServices {
  info: AppInfo;
  events: AppEvents;
  /** The localnet controls, and the network they act on (localnet/gate.ts offers them while it is active). */
  localnet: LocalnetGate['localnet'];
  /** The profiles of the data directory and the one open; its switch replaces the profile's parts above. */
  profiles: ProfileSwitch;
  /** The Ledger device this process reaches (USB HID, or speculos for tests), one use at a time. */
  ledger: LedgerHost;
  now: () => number;
}

export class AppCore {
  readonly handleRequest: RequestHandler;
  /** What tests reach inside the composition, each by its name (app-core-test-seam.ts); the shells do not use it. */
  readonly testSeam: AppCoreTestSeam;
  private closed = false;
  private lock: ProcessLock | undefined;

  private constructor(
    /** The composed parts: the domains' handlers see them, nothing outside the composition does. */
    private readonly parts: AppParts,
    /** The embedded localnet node, for the shells and tests that drive it (no handler reaches it). */
    readonly node: LocalNode,
    private readonly closers: Closers,
    onDefect: (error: unknown) => void,
  ) {
    this.testSeam = appCoreTestSeam(parts);
    this.handleRequest = createDispatcher(
      {
        'app:info': () => parts.info,
        'app:activity': () => {
          parts.keystore.noteActivity();
          return null;
        },
        ...vaultHandlers(parts),
        ...walletHandlers(parts),
        ...networkHandlers(parts),
        ...transactionHandlers(parts),
        ...messageHandlers(parts),
        ...ledgerHandlers(parts),
        ...contactHandlers(parts),
        ...profileHandlers(parts),
        ...localnetHandlers(parts),
        ...chainHandlers(parts),
        ...monitorHandlers(parts),
        ...ownNodeHandlers(parts),
        ...multisigHandlers(parts),
        ...priceHandlers(parts),
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
    const now = options.now ?? Date.now;
    // Every pool of this process shares one budget per peer: a node counts the process's requests together
    // (client/peer-budgets.ts), whether a network's reads, the monitor's probes or an own node's follower sent them.
    // They share the peers' latest tip answers too (client/shared-answers.ts): the network's chain events and the
    // monitor's probe follow the same node at the same pace, and one answer serves both.
    const clientOptions: NodeClientOptions = {
      budgets: new PeerBudgets(),
      shared: new SharedAnswers(),
      ...options.client,
    };
    const client = { client: clientOptions };
    const hosted = await hostLocalNode({
      node: {
        dataDir: options.dataDir,
        network: LOCALNET_NAME,
        now,
        ...(options.blockTime === undefined ? {} : { blockTime: options.blockTime }),
        ...(options.forging === undefined ? {} : { forging: options.forging }),
        ...(options.pool === undefined ? {} : { pool: options.pool }),
        ...(options.verifyWorkerUrl === undefined ? {} : { verifyWorkerUrl: options.verifyWorkerUrl }),
      },
      networkId: EMBEDDED_NETWORK_ID,
      listen: options.api ?? {},
      // Another node may hold ARK's ports: the embedded one takes free ports then, and says where.
      onPortFallback: (wanted, publicUrl) =>
        events.alert(
          'info',
          'API_PORT_IN_USE',
          `Port ${wanted.publicPort} or ${wanted.port} is taken (another node?); the local API is on ${publicUrl}.`,
        ),
      // Before the first slot fires (the forger starts on a timer): a paused chain stays paused.
      onNodeStarted: (node) => restoreForgingControls(node),
      onServerError: onDefect,
      ...client,
    });
    const { node, chain: localnet } = hosted;
    const publicUrl = hosted.urls.publicUrl;
    const closers = new Closers();
    closers.add(() => hosted.close());
    try {
      node.on('forging-error', (error) =>
        events.alert('warning', 'FORGING_FAILED', `Forging failed: ${error.message}`),
      );
      // Nothing is pushed once the parts above the API have closed.
      closers.add(() => events.clear());
      // localnet's multisignature server, started on first use (services/multisig/local-server.ts).
      const musigServer = new LocalMusigServer({
        path: join(options.dataDir, 'localnet', 'musig.db'),
        ctx: () => ({
          network: node.network,
          height: Math.max(...node.network.milestones.map((m) => m.height)),
        }),
        nodeUrl: publicUrl,
        onDefect,
      });
      closers.add(() => musigServer.close());

      const processParts: ProcessParts = {
        dataDir: options.dataDir,
        events,
        node,
        localnet,
        publicUrl,
        onDefect,
        now,
        musig: { networkId: EMBEDDED_NETWORK_ID, server: musigServer },
        pollMs: options.pollMs ?? 4_000,
        client: clientOptions,
        ...(options.scrypt === undefined ? {} : { scrypt: options.scrypt }),
        ...(options.keychain === undefined ? {} : { keychain: options.keychain }),
        ...(options.verifyWorkerUrl === undefined ? {} : { verifyWorkerUrl: options.verifyWorkerUrl }),
        ...(options.prices === undefined ? {} : { prices: options.prices }),
      };
      const profiles = await ProfileList.open(options.dataDir);
      const profileId = options.profile ?? profiles.activeId;
      const scope = await openProfileScope(processParts, profileId, profilePaths(options.dataDir, profileId));
      const host = new ProfileSwitch(processParts, profiles, scope);
      // The open profile closes before the API and the node it opened on.
      closers.add(() => host.close());

      const parts: AppParts = {
        info: {
          name: 'Votary',
          version: options.version,
          shell: options.shell,
          platform: options.platform ?? process.platform,
          embeddedApiUrl: publicUrl,
        },
        events,
        localnet: {
          networkId: EMBEDDED_NETWORK_ID,
          controls: new NodeLocalnetControls({ node, now }),
        },
        ...scope.services,
        profiles: host,
        ledger: new LedgerHost(options.ledger ?? { open: usbTransport(), transport: 'usb' }),
        now,
      };
      // A switch replaces the profile's parts in place: every handler reads them from `parts` when called.
      host.onSwitched((next) => Object.assign(parts, next));
      return new AppCore(parts, node, closers, onDefect);
    } catch (error) {
      await closers.closeAll();
      throw error;
    }
  }

  /** What `app:info` answers: the app's name, version, shell, platform and the embedded API's URL. */
  get info(): AppInfo {
    return this.parts.info;
  }

  /** Every push event (event name, payload), for a shell to forward; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    return this.parts.events.subscribe(listener);
  }

  /** The open vault's session name (Keystore.sessionToken()), undefined while it is locked. */
  vaultSession(): string | undefined {
    return this.parts.keystore.sessionToken();
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
