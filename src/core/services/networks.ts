/**
 * The networks the app talks to (issue 5 §3): the registry (embedded localnet + remote networks added by a node
 * URL), one NodeClient per network over its peer list, and which network is active (persisted in the settings).
 * Remote nodes are vetted before they are added: discoverNetwork for a new network, verifyPeer (same nethash)
 * for a new peer of a known one.
 */
import {
  discoverNetwork,
  EMBEDDED_NETWORK_ID,
  NodeClient,
  verifyPeer,
  type FetchLike,
  type NetworkRegistry,
  type NetworkEntry,
  type NodeClientOptions,
} from '../client';
import type { NetworkView } from '../../shared/domain/networks';
import { isPlainRemoteHttp, PLAIN_HTTP_WARNING } from '../../shared/lib/insecure-url';
import { ServiceError } from './service-error';
import type { SettingsFile } from './settings';

export class Networks {
  private readonly clients = new Map<string, NodeClient>();

  constructor(
    readonly registry: NetworkRegistry,
    private readonly settings: SettingsFile,
    private readonly clientOptions: NodeClientOptions = {},
    /** Called after the active network changed (the chain watcher follows it). */
    private readonly onActiveChanged: (entry: NetworkEntry) => void = () => undefined,
  ) {}

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

  client(id: string = this.activeId): NodeClient {
    let client = this.clients.get(id);
    if (client === undefined) {
      client = new NodeClient(this.registry.get(id).peers, this.clientOptions);
      this.clients.set(id, client);
    }
    return client;
  }

  list(): NetworkView[] {
    const active = this.activeId;
    return this.registry.list().map((entry) => view(entry, entry.id === active));
  }

  view(entry: NetworkEntry): NetworkView {
    return view(entry, entry.id === this.activeId);
  }

  async add(url: string, name?: string, options: { allowPlainHttp?: boolean } = {}): Promise<NetworkView> {
    refusePlainHttp(url, options.allowPlainHttp === true);
    const description = await discoverNetwork(url, this.fetchOption());
    return this.view(await this.registry.addRemote(description, name));
  }

  async remove(id: string): Promise<void> {
    const wasActive = id === this.activeId;
    await this.registry.remove(id);
    this.clients.delete(id);
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
    this.onActiveChanged(entry);
    return this.view(entry);
  }

  private peersChanged(entry: NetworkEntry): NetworkView {
    this.clients.get(entry.id)?.setPeers(entry.peers);
    return this.view(entry);
  }

  private fetchOption(): { fetch?: FetchLike } {
    return this.clientOptions.fetch === undefined ? {} : { fetch: this.clientOptions.fetch };
  }
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
  };
}

/** A plain-http node on another machine is added only when the person confirmed the warning (insecure-url.ts). */
function refusePlainHttp(url: string, confirmed: boolean): void {
  if (confirmed || !isPlainRemoteHttp(url)) return;
  throw new ServiceError('ERR_PLAIN_HTTP', `${PLAIN_HTTP_WARNING} Confirm to add it anyway.`);
}
