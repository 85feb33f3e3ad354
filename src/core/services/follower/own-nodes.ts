/**
 * A remote network's own node (docs/design/sync.md "In the app"): the follower the app runs for a network the
 * person chose, off by default. Its chain lives in `<dataDir>/followed/<nethash>/<network>/` (the layout of
 * `votary node --follow --data-dir <dataDir>/followed/<nethash>`), its public API listens on free
 * ports of 127.0.0.1, and while it runs it answers for the network (Networks.attachInProcess): the wallet, the
 * history, the votes and the monitor read its verified state, and what the app sends goes into its pool and on to
 * the network's peers. Which networks have one is kept in the settings, so they start again with the app.
 */
import { join } from 'node:path';
import { NodeClient, type NodeClientOptions } from '../../client';
import type { NetworkEntry } from '../networks/registry';
import { storedChainHeight } from '../../db';
import { chainDatabasePath, chainDirectoryName } from '../../node/chain-files';
import type { SyncStatus } from '../../sync';
import { isCodedError } from '../../../shared/lib/coded-error';
import { isHostErrorCode } from '../../../shared/ipc/error-codes';
import type { OwnNodeEstimate, OwnNodeView } from '../../../shared/domain/own-node';
import type { AppEvents } from '../events';
import type { Networks } from '../networks/networks';
import { ServiceError } from '../service-error';
import type { SettingsFile } from '../settings';
import { estimateOwnNode } from './estimate';
import { hostFollowedNode, type FollowedNodeHost } from '../../host';

export interface OwnNodesOptions {
  /** The app's data directory; the followed chains go under `followed/`. */
  dataDir: string;
  networks: Networks;
  settings: SettingsFile;
  events: AppEvents;
  client?: NodeClientOptions;
  verifyWorkerUrl?: URL;
  /** Where the followers' lines go (peer bans, refused relays); default stderr. */
  log?: (line: string) => void;
  onDefect: (error: unknown) => void;
}

/** The folder of the followed chains under the app's data directory. */
export const FOLLOWED_DIR = 'followed';
/** Status events of one own node, at most this often (the follower reports after every run of blocks). */
const STATUS_EVERY_MS = 500;

interface Running {
  host: FollowedNodeHost | undefined;
  /** Its public API, once listening. */
  url: string | undefined;
  /** Set while starting; the view's state then. */
  starting: boolean;
  failure: { code: string; message: string } | undefined;
  lastEmit: number;
  pendingEmit: ReturnType<typeof setTimeout> | undefined;
}

export class OwnNodes {
  private readonly running = new Map<string, Running>();
  private readonly log: (line: string) => void;
  private closed = false;

  constructor(private readonly options: OwnNodesOptions) {
    this.log = options.log ?? ((line) => process.stderr.write(`votary own node: ${line}\n`));
  }

  /** Starts the own nodes the settings name (in the background: the app does not wait for them). */
  restore(): void {
    for (const networkId of this.options.settings.get().ownNodes) {
      if (this.options.networks.registry.find(networkId) === undefined) continue;
      this.start(networkId, { remember: false }).catch((error: unknown) => {
        this.options.events.alert(
          'warning',
          'OWN_NODE_FAILED',
          `The own node of ${this.options.networks.entry(networkId).name} did not start: ${messageOf(error)}`,
        );
      });
    }
  }

  list(): OwnNodeView[] {
    return this.options.networks.registry
      .list()
      .filter((entry) => entry.kind === 'remote')
      .map((entry) => this.view(entry.id));
  }

  view(networkId: string): OwnNodeView {
    const directory = this.directoryOf(this.options.networks.entry(networkId));
    const running = this.running.get(networkId);
    const host = running?.host;
    if (running === undefined) return offView(networkId, directory);
    if (host === undefined) {
      return {
        ...offView(networkId, directory),
        state: running.starting ? 'starting' : 'failed',
        error: running.failure ?? null,
      };
    }
    return { ...viewOf(networkId, host, running.failure), apiUrl: running.url ?? null, directory };
  }

  /** The network's size from its peers, and what catching up would take here. */
  async estimate(networkId: string): Promise<OwnNodeEstimate> {
    const entry = this.remoteEntry(networkId);
    const client = new NodeClient(entry.peers, this.options.client ?? {});
    const [chain, transactions] = await Promise.all([client.blockchain(), client.transactions({ limit: 1 })]);
    const directory = this.directoryOf(entry);
    const host = this.running.get(networkId)?.host;
    const height =
      host?.node.height ??
      storedChainHeight(chainDatabasePath(this.folder(entry), chainDirectoryName(entry.network)));
    return estimateOwnNode(
      networkId,
      { height: chain.block.height, transactions: transactions.meta.totalCount },
      { height, directory },
    );
  }

  /**
   * Starts the network's own node: learns the network from its peers (it must be this entry's nethash), opens its
   * chain, listens, and starts following; from then on it answers for the network.
   */
  async start(networkId: string, options: { remember?: boolean } = {}): Promise<OwnNodeView> {
    const entry = this.remoteEntry(networkId);
    const current = this.running.get(networkId);
    if (current?.host !== undefined || current?.starting === true) return this.view(networkId);
    const running: Running = {
      host: undefined,
      url: undefined,
      starting: true,
      failure: undefined,
      lastEmit: 0,
      pendingEmit: undefined,
    };
    this.running.set(networkId, running);
    this.emit(networkId, true);
    let host: FollowedNodeHost;
    try {
      host = await hostFollowedNode({
        networkId,
        dataDir: this.folder(entry),
        peers: entry.peers,
        expectedNethash: entry.nethash,
        // ARK Core run with `--env=test` forged its locks under the test-mode rule (node/transaction-handlers/context.ts).
        ...(entry.arkTestMode === true ? { arkTestMode: true } : {}),
        // Several peers, so that one hostile peer is outvoted (docs/design/sync.md "In the app").
        minPeers: 3,
        listen: { publicPort: 0, port: 0 },
        ...(this.options.verifyWorkerUrl === undefined
          ? {}
          : { verifyWorkerUrl: this.options.verifyWorkerUrl }),
        ...(this.options.client === undefined ? {} : { client: this.options.client }),
        log: (line) => this.log(`${entry.name}: ${line}`),
        onServerError: this.options.onDefect,
      });
    } catch (error) {
      this.failed(networkId, running, error);
      throw startError(error);
    }
    if (this.closed || this.running.get(networkId) !== running) {
      // Stopped (or the app closed) while it was starting.
      await host.close();
      return this.view(networkId);
    }
    running.host = host;
    running.url = host.urls.publicUrl;
    running.starting = false;
    const { follower, chain } = host;
    follower.on('status', (status) => this.statusChanged(networkId, running, status));
    void follower.finished().then(() => this.followerEnded(networkId, running));
    follower.start();
    this.options.networks.attachInProcess(chain);
    if (options.remember !== false) await this.remember(networkId, true);
    this.emit(networkId, true);
    return this.view(networkId);
  }

  /** Stops the network's own node; its chain stays on disk for the next start. */
  async stop(networkId: string): Promise<OwnNodeView> {
    this.options.networks.registry.get(networkId);
    await this.remember(networkId, false);
    await this.halt(networkId);
    this.emit(networkId, true);
    return this.view(networkId);
  }

  /** The network's peers changed: the follower asks the new list. */
  peersChanged(entry: NetworkEntry): void {
    void this.running.get(entry.id)?.host?.setPeers(entry.peers).catch(this.options.onDefect);
  }

  /** The network is being removed: its own node stops (its chain stays on disk). */
  async removed(networkId: string): Promise<void> {
    await this.halt(networkId);
    if (this.options.settings.get().ownNodes.includes(networkId)) await this.remember(networkId, false);
  }

  /** Stops every own node (the app closes); the settings keep which ones run next time. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running.keys()].map((networkId) => this.halt(networkId)));
  }

  // ---------------------------------------------------------------------------------------------------------------

  private async halt(networkId: string): Promise<void> {
    const running = this.running.get(networkId);
    if (running === undefined) return;
    this.running.delete(networkId);
    clearTimeout(running.pendingEmit);
    if (running.host === undefined) return;
    this.options.networks.detachInProcess(networkId);
    await running.host.close();
  }

  private remoteEntry(networkId: string): NetworkEntry {
    const entry = this.options.networks.entry(networkId);
    if (entry.kind !== 'remote') {
      throw new ServiceError(
        'ERR_OWN_NODE_REMOTE_ONLY',
        `${entry.name} runs on this computer already; an own node is for a remote network.`,
      );
    }
    return entry;
  }

  /** One data directory per nethash: two networks of the same name never share a folder. */
  private folder(entry: NetworkEntry): string {
    return join(this.options.dataDir, FOLLOWED_DIR, entry.nethash);
  }

  private directoryOf(entry: NetworkEntry): string {
    return join(this.folder(entry), chainDirectoryName(entry.network));
  }

  private async remember(networkId: string, on: boolean): Promise<void> {
    const others = this.options.settings.get().ownNodes.filter((id) => id !== networkId);
    await this.options.settings.update({ ownNodes: on ? [...others, networkId] : others });
  }

  private failed(networkId: string, running: Running, error: unknown): void {
    running.starting = false;
    running.failure = { code: codeOf(error), message: messageOf(error) };
    if (this.running.get(networkId) === running) this.emit(networkId, true);
  }

  /** The follower stopped by itself (a stop rule) or was stopped: the first means the node stops answering. */
  private followerEnded(networkId: string, running: Running): void {
    const error = running.host?.follower.status().error;
    if (this.running.get(networkId) !== running || error === undefined) return;
    running.failure = error;
    this.options.networks.detachInProcess(networkId);
    const host = running.host;
    running.host = undefined;
    void host?.close().catch(this.options.onDefect);
    this.options.events.alert(
      'error',
      'OWN_NODE_STOPPED',
      `The own node of ${this.options.networks.entry(networkId).name} stopped: ${error.message}`,
    );
    this.emit(networkId, true);
  }

  private statusChanged(networkId: string, running: Running, status: SyncStatus): void {
    if (status.state === 'stopped') return;
    this.emit(networkId, false);
  }

  /** Pushes the view; paced to STATUS_EVERY_MS unless `now` (a state the person must see at once). */
  private emit(networkId: string, now: boolean): void {
    const running = this.running.get(networkId);
    const send = () => {
      if (running !== undefined) {
        running.pendingEmit = undefined;
        running.lastEmit = Date.now();
      }
      this.options.events.emit('follower:status', this.view(networkId));
    };
    if (running === undefined || now) {
      if (running !== undefined) clearTimeout(running.pendingEmit);
      send();
      return;
    }
    if (running.pendingEmit !== undefined) return;
    const wait = Math.max(0, running.lastEmit + STATUS_EVERY_MS - Date.now());
    running.pendingEmit = setTimeout(send, wait);
  }
}

function offView(networkId: string, directory: string): OwnNodeView {
  return {
    networkId,
    state: 'off',
    height: 0,
    target: 0,
    blocksBehind: 0,
    blocksPerSecond: 0,
    etaSeconds: null,
    peers: [],
    error: null,
    apiUrl: null,
    directory,
  };
}

function viewOf(
  networkId: string,
  host: FollowedNodeHost,
  failure: { code: string; message: string } | undefined,
): Omit<OwnNodeView, 'apiUrl' | 'directory'> {
  const status = host.follower.status();
  return {
    networkId,
    state: status.state === 'stopped' ? 'failed' : status.state,
    height: status.height,
    target: status.target,
    blocksBehind: status.blocksBehind,
    blocksPerSecond: Math.round(status.blocksPerSecond * 10) / 10,
    etaSeconds: status.etaSeconds === undefined ? null : Math.ceil(status.etaSeconds),
    peers: status.peers.map((peer) => ({
      url: peer.url,
      height: peer.height ?? null,
      latencyMs: peer.latencyMs === undefined ? null : Math.round(peer.latencyMs),
      banned: peer.banned ?? null,
      lastError: peer.lastError ?? null,
      claimBelieved: peer.claimBelieved,
      claimDoubt: peer.claimDoubt ?? null,
      diverged: peer.diverged ?? null,
    })),
    error: status.error ?? failure ?? null,
    reason: status.reason,
  };
}

function codeOf(error: unknown): string {
  return isCodedError(error) && isHostErrorCode(error.code) ? error.code : 'ERR_OWN_NODE_FAILED';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A refusal the person can act on keeps its code (a peer of another network, no peer answering…). */
function startError(error: unknown): unknown {
  if (isCodedError(error) && isHostErrorCode(error.code)) return error;
  return new ServiceError('ERR_OWN_NODE_FAILED', `The own node could not start: ${messageOf(error)}`);
}
