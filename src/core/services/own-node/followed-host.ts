/**
 * A follower with everything around it (docs/design/sync.md): the network learnt from the peers (or from what is
 * stored beside the chain when none answers), the node started on it, the follower, and the public API over the
 * followed chain with its sync source (status, peers, relay of accepted transactions). `votary node --follow` and
 * the app's "own node" (own-nodes.ts) both run one; they differ only in what they print and where they report.
 */
import { createApiServer, type ApiPeer, type ApiServer } from '../../api';
import { broadcastTransactions, PeerPool } from '../../client';
import { LocalNode } from '../../node';
import { chainDirectoryName } from '../../node/node';
import { transactionToJson, type TransactionData } from '../../protocol/transactions';
import {
  discoverFollowedNetwork,
  Follower,
  followedDirectories,
  followedNetworkOf,
  isSyncError,
  loadNetworkFile,
  networkFilePath,
  saveNetworkFile,
  SyncError,
  type Discovery,
} from '../../sync';

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
  /** The peers to follow from now on (the network's peer list changed). */
  setPeers(urls: readonly string[]): void;
  /** Stops the follower, the API and the node, in that order. */
  close(): Promise<void>;
}

/** Learns the network, opens its node and builds the follower and the API; nothing listens or follows yet. */
export async function openFollowedHost(options: FollowedHostOptions): Promise<FollowedHost> {
  const { dataDir, log } = options;
  const pool = new PeerPool([...options.peers]);
  const discovery = await discover(pool, dataDir, options.expectedNethash, log);
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
  const stored = loadNetworkFile(filePath);
  if (stored !== undefined && String(stored.config.network.nethash).toLowerCase() !== nethash) {
    throw new SyncError(
      'ERR_SYNC_OTHER_CHAIN',
      `${filePath} is the chain of nethash ${String(stored.config.network.nethash)}, but the peers serve ` +
        `nethash ${nethash}: use another data directory`,
    );
  }
  const arkTestMode = options.arkTestMode === true || stored?.rules?.arkTestMode === true;
  const rules = arkTestMode ? { arkTestMode: true } : undefined;
  pool.setPeers(discovery.peers.length > 0 ? discovery.peers : pool.urls());

  const node = await LocalNode.start({
    dataDir,
    followed: { network, genesis, ...(rules === undefined ? {} : { rules }) },
    ...(options.verifyWorkerUrl === undefined ? {} : { verifyWorkerUrl: options.verifyWorkerUrl }),
  });
  try {
    if (stored === undefined || (arkTestMode && stored.rules?.arkTestMode !== true)) {
      await saveNetworkFile(filePath, {
        config: discovery.config,
        ...(rules === undefined ? {} : { rules }),
      });
    }
  } catch (error) {
    await node.stop();
    throw error;
  }
  const follower = new Follower({ node, network, pool, exceptions: discovery.exceptions, log });
  const relay = (transactions: readonly TransactionData[]) => {
    broadcastTransactions(pool, transactions.map(transactionToJson)).then(
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
      networkHeight: () => follower.networkHeight(),
      relay,
      peers: () => apiPeers(follower, discovery),
      status: () => follower.status(),
    },
  });
  return {
    node,
    follower,
    api,
    discovery,
    directory,
    relay,
    setPeers: (urls) => pool.setPeers(urls),
    close: async () => {
      await follower.stop();
      await api.close();
      await node.stop();
    },
  };
}

/** From the peers; from the one chain stored in the data directory when no peer answers (it keeps asking). */
async function discover(
  pool: PeerPool,
  dataDir: string,
  expectedNethash: string | undefined,
  log: (line: string) => void,
): Promise<Discovery> {
  try {
    return await discoverFollowedNetwork(pool);
  } catch (error) {
    if (!(isSyncError(error) && error.code === 'ERR_SYNC_NO_PEERS')) throw error;
    const stored = followedDirectories(dataDir)
      .map((directory) => loadNetworkFile(networkFilePath(dataDir, directory)))
      .filter((file) => file !== undefined)
      .filter(
        (file) =>
          expectedNethash === undefined ||
          String(file.config.network.nethash).toLowerCase() === expectedNethash.toLowerCase(),
      );
    if (stored.length !== 1) throw error;
    log(`${error.message}; starting from the network stored in ${dataDir}`);
    return { ...followedNetworkOf(stored[0]!.config), peers: pool.urls(), refused: [], versions: {} };
  }
}

/** The followed peers as `/peers` lists them: those answering and not banned. */
function apiPeers(follower: Follower, discovery: Discovery): ApiPeer[] {
  return follower.peerStatuses().flatMap((peer) => {
    if (peer.banned !== undefined || peer.height === undefined) return [];
    const url = new URL(peer.url);
    return [
      {
        ip: url.hostname,
        port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
        version: discovery.versions[peer.url] ?? 'unknown',
        height: peer.height,
        latency: Math.round(peer.latencyMs ?? 0),
      },
    ];
  });
}
