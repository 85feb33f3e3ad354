/**
 * `votary node --follow URL[,URL…] --data-dir DIR`: the embedded node as a follower of a real network
 * (docs/design/sync.md). It learns the network from the peers (or from what is stored beside the chain when none
 * answers), verifies and stores every block, serves the public API over the followed chain on 127.0.0.1, prints one
 * ready line and then its progress, and stops cleanly on SIGINT/SIGTERM. A stop rule of the follower (a block it
 * cannot verify, a fork deeper than it reverts) ends the command with the reason and exit code 1.
 */
import type { Discovery } from '../../core/sync';
import { CliError } from '../cli-error';
import { progressWriter } from '../sync-progress';
import { runUntilStopSignal } from '../stop-signal';
import { listenOrStop } from './node-support';

export interface FollowOptions {
  dataDir: string;
  peers: string[];
  listen: { host: string | undefined; port: number | undefined; publicPort: number | undefined };
  /** The peers run ARK Core with `--env=test` (node/handlers ChainRules). */
  arkTestMode: boolean;
}

export async function runFollow(options: FollowOptions): Promise<number> {
  const [
    { PeerPool, broadcastTransactions },
    sync,
    { LocalNode, chainDirectoryName },
    { createApiServer },
    { transactionToJson },
  ] = await Promise.all([
    import('../../core/client'),
    import('../../core/sync'),
    import('../../core/node/node'),
    import('../../core/api'),
    import('../../core/protocol/transactions'),
  ]);
  const { dataDir } = options;
  const pool = new PeerPool(options.peers);

  // The network: from the peers, checked against what is stored beside the chain; from the store alone when no
  // peer answers (the follower keeps asking them).
  const storedDirs = sync.followedDirectories(dataDir);
  const loadStored = (directory: string) => sync.loadNetworkFile(sync.networkFilePath(dataDir, directory));
  let discovery: Discovery;
  try {
    discovery = await sync.discoverFollowedNetwork(pool);
  } catch (error) {
    if (!(sync.isSyncError(error) && error.code === 'ERR_SYNC_NO_PEERS' && storedDirs.length === 1)) {
      throw new CliError(error instanceof Error ? error.message : String(error));
    }
    const stored = loadStored(storedDirs[0]!)!;
    process.stderr.write(`votary node: ${error.message}; starting from the network stored in ${dataDir}\n`);
    discovery = { ...sync.followedNetworkOf(stored.config), peers: pool.urls(), refused: [], versions: {} };
  }
  for (const refusal of discovery.refused) {
    process.stderr.write(`votary node: peer ${refusal.url} refused: ${refusal.reason}\n`);
  }
  const { network, genesis } = discovery;
  const directory = chainDirectoryName(network);
  const stored = loadStored(directory);
  if (
    stored !== undefined &&
    String(stored.config.network.nethash).toLowerCase() !== network.network.nethash
  ) {
    throw new CliError(
      `${sync.networkFilePath(dataDir, directory)} is the chain of nethash ${String(stored.config.network.nethash)}, ` +
        `but the peers serve nethash ${network.network.nethash}: use another --data-dir`,
    );
  }
  const rules =
    options.arkTestMode || stored?.rules?.arkTestMode === true ? { arkTestMode: true } : undefined;
  pool.setPeers(discovery.peers.length > 0 ? discovery.peers : pool.urls());

  const node = await LocalNode.start({
    dataDir,
    followed: { network, genesis, ...(rules === undefined ? {} : { rules }) },
    // dist/verify-worker.mjs, bundled next to this CLI (scripts/build-cli.mjs).
    verifyWorkerUrl: new URL('./verify-worker.mjs', import.meta.url),
  });
  if (stored === undefined || (rules !== undefined && stored.rules?.arkTestMode !== true)) {
    await sync.saveNetworkFile(sync.networkFilePath(dataDir, directory), {
      config: discovery.config,
      ...(rules === undefined ? {} : { rules }),
    });
  }
  const follower = new sync.Follower({
    node,
    network,
    pool,
    exceptions: discovery.exceptions,
    log: (line) => process.stderr.write(`votary node: ${line}\n`),
  });
  const api = createApiServer({
    node,
    ...(options.listen.host === undefined ? {} : { host: options.listen.host }),
    ...(options.listen.port === undefined ? {} : { port: options.listen.port }),
    ...(options.listen.publicPort === undefined ? {} : { publicPort: options.listen.publicPort }),
    sync: {
      networkHeight: () => follower.networkHeight(),
      relay: (transactions) => {
        broadcastTransactions(pool, transactions.map(transactionToJson)).then(
          (answer) => {
            const refused = Object.entries(answer.errors ?? {});
            for (const [id, error] of refused) {
              process.stderr.write(
                `votary node: the peers refused relayed transaction ${id}: ${error.message}\n`,
              );
            }
          },
          (error: unknown) =>
            process.stderr.write(
              `votary node: relaying ${transactions.length} transaction(s) failed: ${error instanceof Error ? error.message : String(error)}\n`,
            ),
        );
      },
      peers: () =>
        follower.peerStatuses().flatMap((peer) => {
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
        }),
    },
  });
  const urls = await listenOrStop(api, () => node.stop(), options.listen.host);

  const progress = progressWriter(process.stdout);
  follower.on('status', (status) => progress.update(status));
  const ended = await Promise.race([
    runUntilStopSignal(() => {
      process.stdout.write(
        `votary node ready: following ${network.network.name} (nethash ${network.network.nethash}) from ` +
          `${discovery.peers.length} peer(s), height ${node.height}, data dir ${dataDir}, ` +
          `public API ${urls.publicUrl}, secondary ${urls.secondaryUrl}\n`,
      );
      follower.start();
    }),
    follower.finished().then(() => 'follower' as const),
  ]);
  progress.end();
  const failure = ended === 'follower' ? follower.status().error : undefined;
  await follower.stop();
  await api.close();
  await node.stop();
  if (failure !== undefined) {
    process.stderr.write(`votary node: ${failure.message}\n`);
    return 1;
  }
  return 0;
}
