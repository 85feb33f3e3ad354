/**
 * `votary node --follow URL[,URL…] --data-dir DIR`: the embedded node as a follower of a real network
 * (docs/design/sync.md). It learns the network from the peers (or from what is stored beside the chain when none
 * answers), verifies and stores every block, serves the public API over the followed chain on 127.0.0.1, prints one
 * ready line and then its progress, and stops cleanly on SIGINT/SIGTERM. A stop rule of the follower (a block it
 * cannot verify, a fork deeper than it reverts) ends the command with the reason and exit code 1.
 */
import { CliError } from '../cli-error';
import { diskFault, ensureWritableDir } from '../disk-fault';
import { progressWriter } from '../sync-progress';
import { runUntilStopSignal } from '../stop-signal';
import { listenFailure } from './node-support';

export interface FollowOptions {
  dataDir: string;
  peers: string[];
  listen: { host: string | undefined; port: number | undefined; publicPort: number | undefined };
  /** The peers run ARK Core with `--env=test` (node/transaction-handlers ChainRules). */
  arkTestMode: boolean;
  /** P2P addresses (ARK Core's P2P port) to download blocks from besides the public APIs (sync.md "P2P"). */
  p2p: string[];
}

export async function runFollow(options: FollowOptions): Promise<number> {
  const { hostFollowedNode } = await import('../../core/host');
  const { P2pPeers } = await import('../../core/p2p');
  const { dataDir, listen } = options;
  const log = (line: string) => process.stderr.write(`votary node: ${line}\n`);
  ensureWritableDir(dataDir);
  const host = await hostFollowedNode({
    // The CLI reads nothing through the LocalChain; the id only names it.
    networkId: 'followed',
    dataDir,
    peers: options.peers,
    arkTestMode: options.arkTestMode,
    ...(options.p2p.length === 0 ? {} : { follower: { p2p: new P2pPeers(options.p2p) } }),
    listen: {
      ...(listen.host === undefined ? {} : { host: listen.host }),
      ...(listen.port === undefined ? {} : { port: listen.port }),
      ...(listen.publicPort === undefined ? {} : { publicPort: listen.publicPort }),
    },
    // dist/verify-worker.mjs, bundled next to this CLI (scripts/build-cli.mjs).
    verifyWorkerUrl: new URL('./verify-worker.mjs', import.meta.url),
    log,
  }).catch((error: unknown) => {
    throw (
      listenFailure(error) ??
      diskFault(error, dataDir) ??
      new CliError(error instanceof Error ? error.message : String(error))
    );
  });
  const { node, follower, discovery, urls } = host;
  const { network } = discovery;

  const progress = progressWriter(process.stdout);
  // A full or read-only disk is a local fault: no peer can cure it, so it ends the command (stderr, its exit code)
  // rather than showing as a stall on stdout.
  let fault: CliError | undefined;
  let endOnFault: () => void = () => undefined;
  const faulted = new Promise<'fault'>((resolve) => (endOnFault = () => resolve('fault')));
  follower.on('status', (status) => {
    progress.update(status);
    const found =
      status.error === undefined
        ? undefined
        : diskFault(status.error, dataDir, `height ${status.height} kept`);
    if (found !== undefined) {
      fault ??= found;
      endOnFault();
    }
  });
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
    faulted,
  ]);
  progress.end();
  const failure = ended === 'follower' ? follower.status().error : undefined;
  await host.close().catch((error: unknown) => {
    if (fault === undefined) throw error;
  });
  if (fault !== undefined) throw fault;
  const finalFault = failure === undefined ? undefined : diskFault(failure, dataDir);
  if (finalFault !== undefined) throw finalFault;
  if (failure !== undefined) {
    process.stderr.write(`votary node: ${failure.message}\n`);
    return 1;
  }
  return 0;
}
