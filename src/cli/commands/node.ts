import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, usageError } from '../cli-error';
import { diskFault, ensureWritableDir } from '../disk-fault';
import { parseOptions, requireOption } from '../parse-options';
import { runUntilStopSignal } from '../stop-signal';
import { isValidPeerUrl } from '../../core/client/urls';
import type { LocalNode } from '../../core/node/node';
import { runFollow } from './follow';
import { listenFailure, verifyStore } from './node-support';

/** `--port` / `--public-port`: 0..65535 (0 = any free port). */
function parsePort(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw usageError(`--${name} must be a port number 0..65535, got "${value}"`);
  }
  return Number(value);
}

interface ApiListen {
  host: string | undefined;
  port: number | undefined;
  publicPort: number | undefined;
}

function parseBlockTime(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,5}$/.test(value)) {
    throw usageError(`--block-time must be a whole number of seconds ≥ 1, got "${value}"`);
  }
  return Number(value);
}

function parseNetwork(value: string | undefined): 'localnet' {
  if (value !== undefined && value !== 'localnet') {
    throw usageError(`--network: only localnet can run as a local node, got "${value}"`);
  }
  return 'localnet';
}

/** `--follow`: comma-separated public API URLs of one network's peers. */
function parsePeerUrls(value: string): string[] {
  const urls = value
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  if (urls.length === 0) throw usageError('--follow needs at least one peer URL (http://host:port/api)');
  for (const url of urls) {
    if (!isValidPeerUrl(url)) throw usageError(`--follow: "${url}" is not a peer URL (http://host:port/api)`);
  }
  return urls;
}

/** `--p2p`: comma-separated P2P addresses (host:port, ARK Core's P2P port) to download blocks from too. */
function parseP2pAddresses(value: string | undefined): string[] {
  if (value === undefined) return [];
  const addresses = value
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
  if (addresses.length === 0) throw usageError('--p2p needs at least one address (host:port)');
  for (const address of addresses) {
    if (
      !/^(wss?:\/\/)?[^\s/:]+(:\d{1,5})$/.test(address) &&
      !/^(wss?:\/\/)?\[[0-9a-f:.]+\]:\d{1,5}$/i.test(address)
    ) {
      throw usageError(`--p2p: "${address}" is not a P2P address (host:port)`);
    }
  }
  return addresses;
}

/**
 * `votary node --data-dir DIR …` runs the localnet node headless until SIGINT/SIGTERM and serves
 * the public API and the secondary interface; stdout gets one line with both URLs once ready. `votary node verify
 * --data-dir DIR` replays the chain from genesis into a scratch
 * state, compares it with the stored state and prints the result as JSON (exit 0 when verified, else 1); it uses
 * the block time the chain was created with.
 */
export async function nodeCommand(args: string[]): Promise<number> {
  const [first, ...rest] = args;
  if (first === 'verify') {
    const options = parseOptions(rest, { 'data-dir': { type: 'string' }, network: { type: 'string' } });
    const dataDir = resolve(requireOption(options['data-dir'], 'data-dir'));
    // A followed chain is named by its folder (testnet, devnet…), which holds the network it follows.
    if (options.network !== undefined && options.network !== 'localnet')
      return verifyFollowed(dataDir, options.network);
    return verifyNode(dataDir, parseNetwork(options.network));
  }
  if (first !== undefined && !first.startsWith('-')) {
    throw usageError(`node: unknown subcommand "${first}"`);
  }
  const options = parseOptions(args, {
    'data-dir': { type: 'string' },
    network: { type: 'string' },
    'block-time': { type: 'string' },
    port: { type: 'string' },
    'public-port': { type: 'string' },
    host: { type: 'string' },
    verbose: { type: 'boolean' },
    follow: { type: 'string' },
    'ark-test-mode': { type: 'boolean' },
    p2p: { type: 'string' },
  });
  const dataDir = resolve(requireOption(options['data-dir'], 'data-dir'));
  if (options.follow !== undefined) {
    if (options.network !== undefined || options['block-time'] !== undefined) {
      throw usageError('--follow learns the network from its peers: --network and --block-time do not apply');
    }
    if (options.host === '') throw usageError('--host must not be empty');
    return runFollow({
      dataDir,
      peers: parsePeerUrls(options.follow),
      listen: {
        host: options.host,
        port: parsePort(options.port, 'port'),
        publicPort: parsePort(options['public-port'], 'public-port'),
      },
      arkTestMode: options['ark-test-mode'] === true,
      p2p: parseP2pAddresses(options.p2p),
    });
  }
  if (options['ark-test-mode'] === true) throw usageError('--ark-test-mode goes with --follow');
  if (options.p2p !== undefined) throw usageError('--p2p goes with --follow');
  const network = parseNetwork(options.network);
  if (options.host === '') throw usageError('--host must not be empty');
  const api: ApiListen = {
    host: options.host,
    port: parsePort(options.port, 'port'),
    publicPort: parsePort(options['public-port'], 'public-port'),
  };
  return runNode(dataDir, network, parseBlockTime(options['block-time']), api, options.verbose);
}

async function runNode(
  dataDir: string,
  network: 'localnet',
  blockTime: number | undefined,
  listen: ApiListen,
  verbose: boolean | undefined,
): Promise<number> {
  // Loaded on demand: the other commands never open SQLite or load the HTTP server.
  const [{ hostLocalNode }, { BlockTimeConflictError }] = await Promise.all([
    import('../../core/host'),
    import('../../core/node/forger'),
  ]);
  ensureWritableDir(dataDir);
  // A full or read-only disk ends the node (a local fault, docs/design/node.md): forging again cannot help.
  let fault: CliError | undefined;
  let endOnFault: () => void = () => undefined;
  const faulted = new Promise<'fault'>((resolve) => (endOnFault = () => resolve('fault')));
  const watch = (node: LocalNode) => {
    node.on('forging-error', (error) => {
      const found = diskFault(error, dataDir, `the chain stays at height ${node.height}`);
      if (found === undefined) {
        process.stderr.write(`votary node: forging failed: ${error.message}\n`);
        return;
      }
      fault ??= found;
      endOnFault();
    });
    if (verbose === true) {
      node.on('block', (block) =>
        process.stderr.write(
          `block ${block.header.height} ${block.header.id ?? ''} txs=${block.header.numberOfTransactions}\n`,
        ),
      );
      node.on('missed-slot', (event) =>
        process.stderr.write(
          `missed slot ${event.slot} (${event.username ?? event.publicKey}: ${event.reason})\n`,
        ),
      );
    }
  };
  // The public API (…/api) and the secondary interface, both on 127.0.0.1 unless --host says otherwise; the ports
  // are the person's choice, so a taken one ends the command (listenFailure).
  const host = await hostLocalNode({
    node: {
      dataDir,
      network,
      // dist/verify-worker.mjs, bundled next to this CLI (scripts/build-cli.mjs).
      verifyWorkerUrl: new URL('./verify-worker.mjs', import.meta.url),
      ...(blockTime === undefined ? {} : { blockTime }),
    },
    // The CLI reads nothing through the LocalChain; the id only names it.
    networkId: network,
    // Before the API listens: the forger may fire its first slot meanwhile.
    onNodeStarted: watch,
    listen: {
      ...(listen.host === undefined ? {} : { host: listen.host }),
      ...(listen.port === undefined ? {} : { port: listen.port }),
      ...(listen.publicPort === undefined ? {} : { publicPort: listen.publicPort }),
    },
  }).catch((error: unknown) => {
    // The start failures that are the user's to fix: the chain keeps the block time it was created with, the
    // ports must be free, and the data directory must be writable with room to grow.
    if (error instanceof BlockTimeConflictError) throw new CliError(error.message);
    throw listenFailure(error) ?? diskFault(error, dataDir) ?? error;
  });
  const { node, urls } = host;
  await Promise.race([
    runUntilStopSignal(() =>
      process.stdout.write(
        `votary node ready: network ${network}, height ${node.height}, data dir ${dataDir}, ` +
          `public API ${urls.publicUrl}, secondary ${urls.secondaryUrl}\n`,
      ),
    ),
    faulted,
  ]);
  // Closing checkpoints the WAL, which a full disk may refuse: the line that matters is the fault's.
  await host.close().catch((error: unknown) => {
    if (fault === undefined) throw error;
  });
  if (fault !== undefined) throw fault;
  return 0;
}

async function verifyNode(dataDir: string, network: 'localnet'): Promise<number> {
  const { chainDatabasePath, openLocalnetChain } = await import('../../core/node/chain-files');
  const file = chainDatabasePath(dataDir, network);
  if (!existsSync(file)) throw new CliError(`no ${network} chain in ${dataDir} (expected ${file})`);
  return verifyStore(openLocalnetChain(dataDir));
}

/** `votary node verify --network NAME` for a followed chain: replayed with the network stored beside it. */
async function verifyFollowed(dataDir: string, directory: string): Promise<number> {
  const [sync, { BlockStore }, { chainDatabasePath }] = await Promise.all([
    import('../../core/sync'),
    import('../../core/node/block-store'),
    import('../../core/node/chain-files'),
  ]);
  const file = chainDatabasePath(dataDir, directory);
  const stored = sync.loadNetworkFile(sync.networkFilePath(dataDir, directory));
  if (stored === undefined || !existsSync(file)) {
    throw new CliError(
      `no followed chain "${directory}" in ${dataDir} (expected ${file} and its network.json)`,
    );
  }
  const { network, genesis } = sync.followedNetworkOf(stored.config);
  const store = BlockStore.open({
    dataDir,
    directory,
    network,
    genesis,
    ...(stored.rules === undefined ? {} : { rules: stored.rules }),
  });
  return verifyStore(store);
}
