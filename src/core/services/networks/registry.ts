/**
 * NetworkRegistry: the networks the app knows — the embedded localnet plus remote networks added by
 * URL — each with its list of peers. It does no network I/O: discoverNetwork() describes a new network and
 * verifyPeer() vets a new peer's nethash before the caller adds them here. Every change is saved through the
 * injected store first and applied in memory only once the save succeeded, so memory and disk never disagree;
 * changes are serialized so two edits cannot overwrite each other.
 */
import { ClientError, normalizePeerUrl, type NetworkDescription } from '../../client';
import type { Network } from '../../protocol/networks';
import {
  REGISTRY_FORMAT_VERSION,
  registryData,
  type NetworkStore,
  type RegistryData,
  type StoredNetwork,
} from './registry-data';

export const EMBEDDED_NETWORK_ID = 'embedded';

export interface NetworkEntry {
  /** `embedded` for the local node; the nethash for remote networks (one entry per network). */
  id: string;
  kind: 'embedded' | 'remote';
  name: string;
  nethash: string;
  token: string;
  symbol: string;
  explorer?: string;
  pubKeyHash: number;
  /** Normalized base URLs, in the user's order. */
  peers: string[];
  network: Network;
  /** Unix milliseconds (0 for the embedded network). */
  addedAt: number;
  /** Its nodes run ARK Core with `--env=test` (registry-data.ts). */
  arkTestMode?: boolean;
}

/** The embedded node as main started it. */
export interface EmbeddedNetwork {
  name?: string;
  /** Base URL of the local public API, e.g. http://127.0.0.1:4003. */
  url: string;
  network: Network;
}

function embeddedEntry(embedded: EmbeddedNetwork): NetworkEntry {
  const params = embedded.network.network;
  return {
    id: EMBEDDED_NETWORK_ID,
    kind: 'embedded',
    name: embedded.name ?? params.name,
    nethash: params.nethash,
    token: params.client.token,
    symbol: params.client.symbol,
    ...(params.client.explorer === '' ? {} : { explorer: params.client.explorer }),
    pubKeyHash: params.pubKeyHash,
    peers: [normalizePeerUrl(embedded.url)],
    network: embedded.network,
    addedAt: 0,
  };
}

function remoteEntry(stored: StoredNetwork): NetworkEntry {
  return { ...structuredClone(stored), kind: 'remote' };
}

function toStored(entry: NetworkEntry): StoredNetwork {
  const { kind: _kind, ...stored } = structuredClone(entry);
  return stored;
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 64) {
    throw new ClientError('ERR_NOT_ALLOWED', 'a network name must have 1 to 64 characters');
  }
  return trimmed;
}

export class NetworkRegistry {
  private readonly store: NetworkStore;
  private readonly embedded: NetworkEntry;
  private remote: NetworkEntry[];
  private readonly now: () => number;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    store: NetworkStore,
    embedded: NetworkEntry,
    remote: NetworkEntry[],
    now: () => number,
  ) {
    this.store = store;
    this.embedded = embedded;
    this.remote = remote;
    this.now = now;
  }

  /** Loads the saved networks (ERR_BAD_STORE when they cannot be read back; the data is then left untouched). */
  static async open(
    store: NetworkStore,
    embedded: EmbeddedNetwork,
    options: { now?: () => number } = {},
  ): Promise<NetworkRegistry> {
    const raw = await store.load();
    let remote: NetworkEntry[] = [];
    if (raw !== undefined) {
      const parsed = registryData.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ClientError(
          'ERR_BAD_STORE',
          `the saved network list cannot be read (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'})`,
          { cause: parsed.error },
        );
      }
      remote = parsed.data.networks.map(remoteEntry);
    }
    return new NetworkRegistry(store, embeddedEntry(embedded), remote, options.now ?? Date.now);
  }

  /** Every network, the embedded one first. Copies: changing them changes nothing here. */
  list(): NetworkEntry[] {
    return [this.embedded, ...this.remote].map((entry) => structuredClone(entry));
  }

  find(id: string): NetworkEntry | undefined {
    const entry =
      id === EMBEDDED_NETWORK_ID ? this.embedded : this.remote.find((network) => network.id === id);
    return entry === undefined ? undefined : structuredClone(entry);
  }

  get(id: string): NetworkEntry {
    const entry = this.find(id);
    if (!entry) throw new ClientError('ERR_UNKNOWN_NETWORK', `there is no network '${id}'`);
    return entry;
  }

  /** The network with this nethash, if known. */
  byNethash(nethash: string): NetworkEntry | undefined {
    const wanted = nethash.toLowerCase();
    return this.list().find((entry) => entry.nethash.toLowerCase() === wanted);
  }

  toJSON(): RegistryData {
    return { version: REGISTRY_FORMAT_VERSION, networks: this.remote.map(toStored) };
  }

  /** Adds a network described by discoverNetwork(); its node becomes the first peer. */
  addRemote(
    description: NetworkDescription,
    name?: string,
    options: { arkTestMode?: boolean } = {},
  ): Promise<NetworkEntry> {
    return this.change(() => {
      const known = this.byNethash(description.nethash);
      if (known) {
        throw new ClientError(
          'ERR_DUPLICATE',
          `this node belongs to '${known.name}', which is already in the list`,
        );
      }
      const entry: NetworkEntry = {
        id: description.nethash.toLowerCase(),
        kind: 'remote',
        name: cleanName(name ?? description.network.network.name),
        nethash: description.nethash,
        token: description.token,
        symbol: description.symbol,
        ...(description.explorer === undefined ? {} : { explorer: description.explorer }),
        pubKeyHash: description.pubKeyHash,
        peers: [normalizePeerUrl(description.url)],
        network: structuredClone(description.network),
        addedAt: this.now(),
        ...(options.arkTestMode === true ? { arkTestMode: true } : {}),
      };
      return { remote: [...this.remote, entry], result: () => this.get(entry.id) };
    });
  }

  remove(id: string): Promise<void> {
    return this.change(() => {
      this.remoteIndex(id);
      return { remote: this.remote.filter((entry) => entry.id !== id), result: () => undefined };
    });
  }

  rename(id: string, name: string): Promise<NetworkEntry> {
    return this.edit(id, (entry) => ({ ...entry, name: cleanName(name) }));
  }

  /** Adds a peer (call verifyPeer() first: the registry cannot check the node's nethash itself). */
  addPeer(id: string, url: string): Promise<NetworkEntry> {
    return this.edit(id, (entry) => {
      const peer = normalizePeerUrl(url);
      if (entry.peers.includes(peer))
        throw new ClientError('ERR_DUPLICATE', `${peer} is already a peer of ${entry.name}`);
      return { ...entry, peers: [...entry.peers, peer] };
    });
  }

  removePeer(id: string, url: string): Promise<NetworkEntry> {
    return this.edit(id, (entry) => {
      const peer = normalizePeerUrl(url);
      if (!entry.peers.includes(peer))
        throw new ClientError('ERR_NOT_ALLOWED', `${peer} is not a peer of ${entry.name}`);
      if (entry.peers.length === 1) {
        throw new ClientError(
          'ERR_NOT_ALLOWED',
          `${peer} is the last peer of ${entry.name}; a network needs one`,
        );
      }
      return { ...entry, peers: entry.peers.filter((existing) => existing !== peer) };
    });
  }

  /** Replaces the whole peer list (Settings edits it as one list): at least one, no duplicates. */
  setPeers(id: string, urls: readonly string[]): Promise<NetworkEntry> {
    return this.edit(id, (entry) => {
      const peers = urls.map(normalizePeerUrl);
      if (peers.length === 0)
        throw new ClientError('ERR_NOT_ALLOWED', `${entry.name} needs at least one peer`);
      const duplicate = peers.find((peer, index) => peers.indexOf(peer) !== index);
      if (duplicate) throw new ClientError('ERR_DUPLICATE', `${duplicate} is listed twice`);
      return { ...entry, peers };
    });
  }

  private remoteIndex(id: string): number {
    if (id === EMBEDDED_NETWORK_ID) {
      throw new ClientError(
        'ERR_NOT_ALLOWED',
        'the embedded network is managed by the app and cannot be changed',
      );
    }
    const index = this.remote.findIndex((entry) => entry.id === id);
    if (index < 0) throw new ClientError('ERR_UNKNOWN_NETWORK', `there is no network '${id}'`);
    return index;
  }

  private edit(id: string, update: (entry: NetworkEntry) => NetworkEntry): Promise<NetworkEntry> {
    return this.change(() => {
      const index = this.remoteIndex(id);
      const remote = [...this.remote];
      remote[index] = update(structuredClone(remote[index]!));
      return { remote, result: () => this.get(id) };
    });
  }

  /** Runs one change after the previous ones: compute, save, then apply. */
  private change<T>(compute: () => { remote: NetworkEntry[]; result: () => T }): Promise<T> {
    const run = this.queue.then(async () => {
      const { remote, result } = compute();
      await this.store.save({ version: REGISTRY_FORMAT_VERSION, networks: remote.map(toStored) });
      this.remote = remote;
      return result();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
