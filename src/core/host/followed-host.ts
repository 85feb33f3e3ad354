/**
 * A follower with everything around it (docs/design/sync.md): the network learnt from the peers (or from what is
 * stored beside the chain when none answers), the node started on it, the follower, and the public API over the
 * followed chain with its sync source (status, peers, relay of accepted transactions). `hostFollowedNode` also
 * puts the API on its ports and opens the LocalChain the services reach it by. `votary node --follow` and the
 * app's "own node" (services/follower/own-nodes.ts) both run one; they differ only in what they print and where
 * they report.
 */
import { createApiServer, type ApiPeer, type ApiServer } from '../api';
import { LocalChain } from '../chain-access';
import {
  broadcastTransactions,
  normalizePeerUrl,
  PeerPool,
  type NodeClientOptions,
  type PeerPoolOptions,
} from '../client';
import { LocalNode } from '../node';
import { P2pPeers } from '../p2p';
import { chainDirectoryName } from '../node/chain-files';
import { transactionToJson, type TransactionData } from '../protocol/transactions';
import {
  discoverFollowedNetwork,
  Follower,
  followedDirectories,
  followedNetworkOf,
  isSyncError,
  loadNetworkFile,
  networkFilePath,
  saveNetworkFile,
  searchP2p,
  SyncError,
  type Discovery,
  type FollowerOptions,
  type StoredNetwork,
} from '../sync';
import { listenApi, type ApiUrls } from './api-listen';
import { admitPeers, listedPeers } from './peer-admission';

export interface FollowedHostOptions {
  /** Where the followed chains live: `<dataDir>/<network>/chain.db` and `network.json` beside it. */
  dataDir: string;
  peers: readonly string[];
  /** The nethash the peers must serve (the app's network entry); refused with ERR_SYNC_NETWORK otherwise. */
  expectedNethash?: string;
  /** The peers run ARK Core with `--env=test` (node/handlers ChainRules); kept in network.json once set. */
  arkTestMode?: boolean;
  listen?: { host?: string; port?: number; publicPort?: number };
  /** The bundled verify worker: signatures are then checked on every core (LocalNodeOptions). */
  verifyWorkerUrl?: URL;
  /**
   * Follow at least this many peers where the network has them: the configured ones, then those they list
   * (`/api/peers`), each admitted only with the network's rules (peer-admission.ts). The app asks for 3.
   */
  minPeers?: number;
  /** The follower's timing and bounds (poll, ban, revert bound, clock), when not the defaults. */
  follower?: Pick<FollowerOptions, 'pollMs' | 'banMs' | 'maxRevert' | 'now' | 'p2p' | 'apiRateLimit'>;
  /** The client's per-peer timeout and health clock, and the budgets it shares (peer-budgets.ts), when not the defaults. */
  client?: Pick<PeerPoolOptions, 'timeoutMs' | 'now' | 'budgets'>;
  /**
   * Whether to download from the P2P interfaces the peers list besides their public APIs (default true: ARK's
   * limits allow a node's P2P port more blocks a second than its API, docs/design/sync.md "P2P").
   */
  discoverP2p?: boolean;
  /** One line per event worth telling: a refused peer, a ban, a relay the peers refused. */
  log: (line: string) => void;
  onServerError?: (error: unknown) => void;
}

export interface FollowedHost {
  readonly node: LocalNode;
  readonly follower: Follower;
  readonly api: ApiServer;
  readonly discovery: Discovery;
  /** The chain's folder under the data directory. */
  readonly directory: string;
  /** Hands transactions this node's pool accepted to the peers, as POST /transactions does. */
  relay(transactions: readonly TransactionData[]): void;
  /**
   * The peers to follow from now on (the network's peer list changed): the ones already followed stay, new ones
   * are followed once they serve the network's rules.
   */
  setPeers(urls: readonly string[]): Promise<void>;
  /** Stops the follower, the API and the node, in that order. */
  close(): Promise<void>;
}

/** How often peers that did not answer at discovery are asked again. */
const RETRY_UNANSWERED_MS = 30_000;

/** Learns the network, opens its node and builds the follower and the API; nothing listens or follows yet. */
export async function openFollowedHost(options: FollowedHostOptions): Promise<FollowedHost> {
  const { dataDir, log } = options;
  const peerPool = new PeerPool([...options.peers], options.client ?? {});
  const storedAll = storedNetworks(dataDir, options.expectedNethash);
  const discovery = await discover(peerPool, dataDir, storedAll, options.expectedNethash, log);
  for (const refusal of discovery.refused) log(`peer ${refusal.url} refused: ${refusal.reason}`);
  const { network, genesis } = discovery;
  const nethash = network.network.nethash;
  if (options.expectedNethash !== undefined && options.expectedNethash.toLowerCase() !== nethash) {
    throw new SyncError(
      'ERR_SYNC_NETWORK',
      `The peers serve nethash ${nethash}, not the network's ${options.expectedNethash}.`,
    );
  }
  const directory = chainDirectoryName(network);
  const filePath = networkFilePath(dataDir, directory);
  const storedHere = loadNetworkFile(filePath);
  if (storedHere !== undefined && String(storedHere.config.network.nethash).toLowerCase() !== nethash) {
    throw new SyncError(
      'ERR_SYNC_OTHER_CHAIN',
      `${filePath} is the chain of nethash ${String(storedHere.config.network.nethash)}, but the peers serve ` +
        `nethash ${nethash}: use another data directory`,
    );
  }
  const arkTestMode = options.arkTestMode === true || storedHere?.rules?.arkTestMode === true;
  const rules = arkTestMode ? { arkTestMode: true } : undefined;
  // Only the peers that serve the decided rules are followed (a refused peer is never asked for blocks); with none
  // answering, the configured ones are kept and asked again (their first answers will be checked as they come).
  const refusedUrls = new Set(discovery.refused.map((refusal) => refusal.url));
  peerPool.setPeers(
    discovery.peers.length > 0 ? discovery.peers : peerPool.urls().filter((url) => !refusedUrls.has(url)),
  );

  const node = await LocalNode.start({
    dataDir,
    followed: { network, genesis, ...(rules === undefined ? {} : { rules }) },
    ...(options.verifyWorkerUrl === undefined ? {} : { verifyWorkerUrl: options.verifyWorkerUrl }),
  });
  try {
    if (storedHere === undefined || (arkTestMode && storedHere.rules?.arkTestMode !== true)) {
      await saveNetworkFile(filePath, {
        config: discovery.config,
        ...(rules === undefined ? {} : { rules }),
      });
    }
  } catch (error) {
    await node.stop();
    throw error;
  }
  // The P2P interfaces given (`--p2p`) and those the peers list (p2p-discovery.ts): blocks come from both.
  const p2p = options.follower?.p2p ?? new P2pPeers();
  const follower = new Follower({
    ...options.follower,
    node,
    network,
    peerPool,
    p2p,
    exceptions: discovery.exceptions,
    log,
  });
  const p2pSearch =
    options.discoverP2p === false
      ? undefined
      : searchP2p({
          peerPool,
          p2p,
          nethash,
          configured: options.peers,
          // Far behind (more than two P2P answers' worth), by the peers' claims or by the slots passed since our
          // tip (a peer that sends no height claim): where P2P's 400 blocks an answer pay.
          wanted: () => {
            const status = follower.status();
            return status.blocksBehind > 800 || status.heightBound - status.height > 800;
          },
          // Banned, on another chain or failing again and again: its slot goes to another (p2p-search.ts).
          unfit: (url) => follower.unfit(url),
          log,
        });
  if (options.minPeers !== undefined && peerPool.urls().length < options.minPeers) {
    // In the background: the follower starts with the peers it has, and is joined by those admitted.
    void morePeers(peerPool, discovery, options.minPeers, log).catch((error: unknown) =>
      log(`looking for more peers failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  // A peer that did not answer at discovery (down, busy) is asked again now and then, and followed once it serves
  // the network's rules: one bad minute at start does not leave it out for good.
  let unanswered = discovery.refused
    .filter((refusal) => refusal.reason.startsWith('no network description'))
    .map((refusal) => refusal.url);
  const retry = setInterval(() => {
    if (unanswered.length === 0) return;
    void admitPeers(unanswered, discovery.config).then(({ admitted }) => {
      if (admitted.length === 0) return;
      unanswered = unanswered.filter((url) => !admitted.includes(url));
      peerPool.setPeers([...peerPool.urls(), ...admitted]);
      log(`following ${admitted.join(', ')} now that it answers`);
    });
  }, RETRY_UNANSWERED_MS);
  retry.unref();
  const relay = (transactions: readonly TransactionData[]) => {
    broadcastTransactions(peerPool, transactions.map(transactionToJson)).then(
      (answer) => {
        for (const [id, error] of Object.entries(answer.errors ?? {})) {
          log(`the peers refused relayed transaction ${id}: ${error.message}`);
        }
      },
      (error: unknown) =>
        log(
          `relaying ${transactions.length} transaction(s) failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
  };
  const listen = options.listen ?? {};
  const api = createApiServer({
    node,
    ...(listen.host === undefined ? {} : { host: listen.host }),
    ...(listen.port === undefined ? {} : { port: listen.port }),
    ...(listen.publicPort === undefined ? {} : { publicPort: listen.publicPort }),
    ...(options.onServerError === undefined ? {} : { onServerError: options.onServerError }),
    sync: {
      status: () => follower.status(),
      networkHeight: () => follower.networkHeight(),
      relay,
      peers: () => apiPeers(follower, discovery),
    },
  });
  return {
    node,
    follower,
    api,
    discovery,
    directory,
    relay,
    setPeers: async (urls) => {
      const current = new Set(peerPool.urls());
      const wanted = urls.map((url) => normalizePeerUrl(url));
      const fresh = wanted.filter((url) => !current.has(url));
      const { admitted, refused } = await admitPeers(fresh, discovery.config);
      for (const refusal of refused) log(`peer ${refusal.url} refused: ${refusal.reason}`);
      peerPool.setPeers([...wanted.filter((url) => current.has(url)), ...admitted]);
    },
    close: async () => {
      clearInterval(retry);
      p2pSearch?.stop();
      await follower.stop();
      await api.close();
      await node.stop();
    },
  };
}

export interface FollowedNodeHost extends FollowedHost {
  /** The followed chain as the services reach it: reads, account, broadcast (relayed), watch, how far behind. */
  readonly chain: LocalChain;
  readonly urls: ApiUrls;
}

/**
 * A followed node ready to serve: opened (openFollowedHost), its API listening (a taken port is an
 * ApiListenError: both callers chose their ports), its LocalChain with the follower as sync source. The follower
 * does not run yet: the caller starts it once it has told where the node is.
 */
export async function hostFollowedNode(
  options: FollowedHostOptions & { networkId: string; client?: NodeClientOptions },
): Promise<FollowedNodeHost> {
  const { client, networkId, ...hostOptions } = options;
  // The follower's peers are the app's peers too: their requests spend the budgets the app's other pools keep.
  const host = await openFollowedHost({
    ...hostOptions,
    ...(client?.budgets === undefined ? {} : { client: { budgets: client.budgets } }),
  });
  let urls: ApiUrls;
  try {
    const listen = options.listen?.host;
    ({ urls } = await listenApi(host.api, listen === undefined ? {} : { host: listen }));
  } catch (error) {
    await host.close().catch(() => undefined);
    throw error;
  }
  const { follower } = host;
  const chain = new LocalChain({
    networkId,
    node: host.node,
    api: { queries: host.api.queries, url: urls.publicUrl },
    ...(client === undefined ? {} : { client }),
    sync: {
      blocksBehind: () => follower.status().blocksBehind,
      relay: (transactions) => host.relay(transactions),
    },
  });
  return { ...host, chain, urls };
}

/** Adds peers the followed peers list, those serving the network's rules, up to `minPeers` (and a few spare). */
async function morePeers(
  peerPool: PeerPool,
  discovery: Discovery,
  minPeers: number,
  log: (line: string) => void,
): Promise<void> {
  const wanted = minPeers - peerPool.urls().length;
  const candidates = await listedPeers(peerPool, 2 * wanted + 2);
  const { admitted, refused } = await admitPeers(candidates, discovery.config);
  for (const refusal of refused) log(`peer ${refusal.url} refused: ${refusal.reason}`);
  const added = admitted.slice(0, wanted + 1);
  if (added.length === 0) return;
  peerPool.setPeers([...peerPool.urls(), ...added]);
  log(`following ${added.length} more peer(s) the network lists: ${added.join(', ')}`);
}

/** The networks stored in the data directory (of the expected nethash, when one is). */
function storedNetworks(dataDir: string, expectedNethash: string | undefined): StoredNetwork[] {
  return followedDirectories(dataDir)
    .map((directory) => loadNetworkFile(networkFilePath(dataDir, directory)))
    .filter((file) => file !== undefined)
    .filter(
      (file) =>
        expectedNethash === undefined ||
        String(file.config.network.nethash).toLowerCase() === expectedNethash.toLowerCase(),
    );
}

/**
 * From the peers, the stored network deciding the rules when there is one; from the one chain stored in the data
 * directory when no peer answers (it keeps asking).
 */
async function discover(
  peerPool: PeerPool,
  dataDir: string,
  stored: readonly StoredNetwork[],
  expectedNethash: string | undefined,
  log: (line: string) => void,
): Promise<Discovery> {
  try {
    return await discoverFollowedNetwork(peerPool, {
      stored: stored.map((file) => file.config),
      ...(expectedNethash === undefined ? {} : { expectedNethash }),
    });
  } catch (error) {
    if (!(isSyncError(error) && error.code === 'ERR_SYNC_NO_PEERS')) throw error;
    if (stored.length !== 1) throw error;
    log(`${error.message}; starting from the network stored in ${dataDir}`);
    return { ...followedNetworkOf(stored[0]!.config), peers: peerPool.urls(), refused: [], versions: {} };
  }
}

/**
 * The followed peers as `/peers` lists them: those answering, not banned and on our chain, each with the height we
 * believe (its claim when believed, else the highest block it served that verified: a lie is never repeated).
 */
function apiPeers(follower: Follower, discovery: Discovery): ApiPeer[] {
  return follower.peerStatuses().flatMap((peer) => {
    if (peer.banned !== undefined || peer.diverged !== undefined) return [];
    const height = peer.claimBelieved ? peer.height : peer.servedHeight;
    if (height === undefined) return [];
    const url = new URL(peer.url);
    return [
      {
        ip: url.hostname,
        port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
        version: discovery.versions[peer.url] ?? 'unknown',
        height,
        latency: Math.round(peer.latencyMs ?? 0),
      },
    ];
  });
}
