/**
 * The networks the app talks to: the registry (embedded localnet + remote networks added by a node
 * URL), one ChainAccess per network (core/chain-access: the chains that run in this process, a RemoteChain over its peer
 * list for every other one), and which network is active (persisted in the settings).
 * Remote nodes are vetted before they are added: discoverNetwork for a new network, verifyPeer (same nethash)
 * for a new peer of a known one.
 */
import {
  discoverNetwork,
  KNOWN_NETWORKS,
  knownNetwork,
  NodeClient,
  peerApiUrl,
  verifyPeer,
  type NetworkDescription,
  type FetchLike,
  type NodeClientOptions,
} from '../../client';
import { RemoteChain, type ChainAccess } from '../../chain-access';
import { EMBEDDED_NETWORK_ID, type NetworkEntry, type NetworkRegistry } from './registry';
import type { KnownNetworkView, NetworkView } from '../../../shared/domain/networks';
import { isPlainRemoteHttp, PLAIN_HTTP_WARNING } from '../../../shared/lib/insecure-url';
import { ServiceError } from '../service-error';
import type { SettingsFile } from '../settings';

export interface NetworksOptions {
  client?: NodeClientOptions;
  /** How often a remote network is polled while it is watched (ms). */
  pollMs: number;
  /** The chains whose node runs in this process (the embedded localnet), by their registry id. */
  inProcess: readonly ChainAccess[];
}

/** A chain started (`chain`) or stopped (undefined) running in this process. */
export interface InProcessChange {
  networkId: string;
  chain: ChainAccess | undefined;
}

export class Networks {
  private readonly chains = new Map<string, ChainAccess>();
  private readonly remotes = new Map<string, RemoteChain>();
  private readonly clientOptions: NodeClientOptions;

  private readonly activeListeners = new Set<(entry: NetworkEntry) => void>();
  private readonly inProcessListeners = new Set<(change: InProcessChange) => void>();

  constructor(
    readonly registry: NetworkRegistry,
    private readonly settings: SettingsFile,
    private readonly options: NetworksOptions,
  ) {
    this.clientOptions = options.client ?? {};
    for (const chain of options.inProcess) this.chains.set(chain.networkId, chain);
  }

  get activeId(): string {
    const id = this.settings.get().activeNetworkId;
    // A network removed behind our back (or a damaged settings file) falls back to the embedded node.
    return this.registry.find(id) === undefined ? EMBEDDED_NETWORK_ID : id;
  }

  active(): NetworkEntry {
    return this.registry.get(this.activeId);
  }

  entry(id: string): NetworkEntry {
    return this.registry.get(id);
  }

  /** The network a wallet belongs to, by its nethash. */
  byNethash(nethash: string): NetworkEntry | undefined {
    return this.registry.byNethash(nethash);
  }

  /** Called after the active network changed (the chain watcher and the monitor follow it). */
  onActiveChanged(listener: (entry: NetworkEntry) => void): () => void {
    this.activeListeners.add(listener);
    return () => this.activeListeners.delete(listener);
  }

  /** The chain of a network (the active one by default). */
  chain(id: string = this.activeId): ChainAccess {
    const known = this.chains.get(id) ?? this.remotes.get(id);
    if (known !== undefined) return known;
    const chain = new RemoteChain(id, new NodeClient(this.registry.get(id).peers, this.clientOptions), {
      pollMs: this.options.pollMs,
    });
    this.remotes.set(id, chain);
    return chain;
  }

  /** The chains that run in this process: watched whether or not they are active (their events cost nothing). */
  inProcessChains(): readonly ChainAccess[] {
    return [...this.chains.values()];
  }

  /**
   * A node of a remote network now runs in this process (follower/own-nodes.ts): its chain answers for the network
   * from here on. The listeners of in-process chains hear it first, then, when the network is active, those of
   * the active network (they follow its new chain).
   */
  attachInProcess(chain: ChainAccess): void {
    this.registry.get(chain.networkId);
    this.chains.set(chain.networkId, chain);
    this.inProcessChanged({ networkId: chain.networkId, chain });
  }

  /** The network's in-process node stopped: its peers answer for it again. */
  detachInProcess(networkId: string): void {
    if (!this.chains.delete(networkId)) return;
    this.inProcessChanged({ networkId, chain: undefined });
  }

  /** Called when a chain starts or stops running in this process. */
  onInProcessChanged(listener: (change: InProcessChange) => void): () => void {
    this.inProcessListeners.add(listener);
    return () => this.inProcessListeners.delete(listener);
  }

  private inProcessChanged(change: InProcessChange): void {
    for (const listener of this.inProcessListeners) listener(change);
    if (change.networkId === this.activeId) {
      const entry = this.active();
      for (const listener of this.activeListeners) listener(entry);
    }
  }

  list(): NetworkView[] {
    const active = this.activeId;
    return this.registry.list().map((entry) => view(entry, entry.id === active));
  }

  view(entry: NetworkEntry): NetworkView {
    return view(entry, entry.id === this.activeId);
  }

  async add(
    url: string,
    name?: string,
    options: { allowPlainHttp?: boolean; arkTestMode?: boolean } = {},
  ): Promise<NetworkView> {
    refusePlainHttp(url, options.allowPlainHttp === true);
    const description = await discoverNetwork(url, this.fetchOption());
    return this.view(
      await this.registry.addRemote(description, name, { arkTestMode: options.arkTestMode === true }),
    );
  }

  /** ARK's own networks (client/known-networks.ts): offline, nothing is contacted to list them. */
  known(): KnownNetworkView[] {
    return KNOWN_NETWORKS.map((known) => ({
      key: known.key,
      name: known.name,
      token: known.network.network.client.token,
      nethash: known.network.network.nethash,
      seeds: known.seeds.length,
      added: this.registry.byNethash(known.network.network.nethash) !== undefined,
    }));
  }

  /**
   * Adds one of ARK's networks from its seed relays: the first seeds that answer with the network's nethash give
   * its configuration, then a few more peers are taken from the seeds and from that node's `/api/peers`, each
   * checked like a peer added by hand. The seeds serve plain http, so the person confirms that first.
   */
  async addKnown(key: string, options: { allowPlainHttp?: boolean } = {}): Promise<NetworkView> {
    const known = knownNetwork(key);
    if (known === undefined)
      throw new ServiceError('ERR_NETWORK_UNKNOWN', `There is no built-in network "${key}".`);
    const nethash = known.network.network.nethash;
    const existing = this.registry.byNethash(nethash);
    if (existing !== undefined) return this.view(existing);
    refusePlainHttp(known.seeds[0] ?? '', options.allowPlainHttp === true);
    const seeds = shuffled(known.seeds);
    const description = await firstOf(seeds, SEED_BATCH, (seed) =>
      discoverNetwork(seed, { ...this.fetchOption(), expectedNethash: nethash, timeoutMs: SEED_TIMEOUT_MS }),
    );
    if (description === undefined) {
      throw new ServiceError(
        'ERR_SEEDS_UNREACHABLE',
        `None of the ${known.seeds.length} seed nodes of ${known.name} answered. Check the connection, or add the network by a node URL.`,
      );
    }
    const entry = await this.registry.addRemote(description, known.name);
    const more = await this.morePeers(description, seeds, nethash);
    let updated = entry;
    for (const url of more) updated = await this.registry.addPeer(entry.id, url);
    return this.peersChanged(updated);
  }

  /** Up to EXTRA_PEERS more peers of the network, from the seeds and the first node's `/api/peers`, checked. */
  private async morePeers(
    first: NetworkDescription,
    seeds: readonly string[],
    nethash: string,
  ): Promise<string[]> {
    const announced = await new NodeClient([first.url], { ...this.clientOptions, maxAttempts: 1 })
      .peers({ limit: 100 })
      .then((page) => page.data.map(peerApiUrl).filter((url): url is string => url !== undefined))
      .catch(() => []);
    const candidates = [...new Set([...shuffled(announced), ...seeds])].filter((url) => url !== first.url);
    const checked = await Promise.all(
      candidates
        .slice(0, PEER_CANDIDATES)
        .map((url) =>
          verifyPeer(url, nethash, { ...this.fetchOption(), timeoutMs: SEED_TIMEOUT_MS }).catch(
            () => undefined,
          ),
        ),
    );
    return [...new Set(checked.filter((url): url is string => url !== undefined && url !== first.url))].slice(
      0,
      EXTRA_PEERS,
    );
  }

  async remove(id: string): Promise<void> {
    const wasActive = id === this.activeId;
    await this.registry.remove(id);
    this.remotes.delete(id);
    if (wasActive) await this.select(EMBEDDED_NETWORK_ID);
  }

  async addPeer(id: string, url: string, options: { allowPlainHttp?: boolean } = {}): Promise<NetworkView> {
    refusePlainHttp(url, options.allowPlainHttp === true);
    const entry = this.registry.get(id);
    const checked = await verifyPeer(url, entry.nethash, this.fetchOption());
    return this.peersChanged(await this.registry.addPeer(id, checked));
  }

  async removePeer(id: string, url: string): Promise<NetworkView> {
    return this.peersChanged(await this.registry.removePeer(id, url));
  }

  async select(id: string): Promise<NetworkView> {
    const entry = this.registry.get(id);
    await this.settings.update({ activeNetworkId: entry.id });
    for (const listener of this.activeListeners) listener(entry);
    return this.view(entry);
  }

  private peersChanged(entry: NetworkEntry): NetworkView {
    this.remotes.get(entry.id)?.reads.setPeers(entry.peers);
    return this.view(entry);
  }

  private fetchOption(): { fetch?: FetchLike } {
    return this.clientOptions.fetch === undefined ? {} : { fetch: this.clientOptions.fetch };
  }
}

/** Seeds asked at once, and how long each may take: dead relays must not keep the person waiting long. */
const SEED_BATCH = 4;
const SEED_TIMEOUT_MS = 5_000;
/** Peers checked after the first, and how many of those that answer are kept. */
const PEER_CANDIDATES = 12;
const EXTRA_PEERS = 4;

/** The first success of `attempt` over `items`, `batch` at a time, or undefined when every one failed. */
async function firstOf<T, R>(
  items: readonly T[],
  batch: number,
  attempt: (item: T) => Promise<R>,
): Promise<R | undefined> {
  for (let start = 0; start < items.length; start += batch) {
    const found = await Promise.any(items.slice(start, start + batch).map(attempt)).catch(() => undefined);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A shuffled copy: every person does not start with the same seed. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function view(entry: NetworkEntry, active: boolean): NetworkView {
  return {
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    nethash: entry.nethash,
    token: entry.token,
    symbol: entry.symbol,
    ...(entry.explorer === undefined ? {} : { explorer: entry.explorer }),
    pubKeyHash: entry.pubKeyHash,
    peers: [...entry.peers],
    active,
    addedAt: entry.addedAt,
    ...(entry.arkTestMode === true ? { arkTestMode: true } : {}),
  };
}

/** A plain-http node on another machine is added only when the person confirmed the warning (insecure-url.ts). */
function refusePlainHttp(url: string, confirmed: boolean): void {
  if (confirmed || !isPlainRemoteHttp(url)) return;
  throw new ServiceError('ERR_PLAIN_HTTP', `${PLAIN_HTTP_WARNING} Confirm to add it anyway.`);
}
