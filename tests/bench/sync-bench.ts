/**
 * `npm run bench:sync`: the follower (src/core/sync) syncing a chain from a Votary peer over HTTP on this machine —
 * the peer a LocalNode serving its public API on a loopback port from a child process (as a remote peer, its HTTP
 * work is not on the follower's thread), the follower a second LocalNode with the worker pool
 * (dist/verify-worker.mjs), each block downloaded, rebuilt, verified and stored.
 *
 * (a) Empty blocks: 5,000 (target ≥ 1,000 blocks/s).
 * (b) Full blocks: 40 blocks of 150 transfers (6,000 transactions; target ≥ 3,000 transactions/s);
 *     BENCH_SYNC_FULL_BLOCKS=N syncs N such blocks instead (a longer, steadier run).
 * Each chain is synced twice by fresh followers: the second time the peer answers from memory (its cache of whole
 * answers), which shows the follower's own capacity on these cores.
 * (c) With BENCH_SYNC_ARK=<public API URL> (an ARK Core testnet node, scripts/interop.sh): that chain, with
 *     ARK's test-mode lock rule; BENCH_SYNC_ARK_FILL=N first has ARK Core forge N more transfers (ark-fill.ts), so
 *     that its chain has full blocks too.
 *
 * (a)–(c) keep no request budget (`apiRateLimit: 'none'`: a peer of one's own): the follower's own capacity.
 * (d) and (e), the syncs through peers that hold it to ARK's limits and the projection for mainnet, are
 * sync-limits.ts's; BENCH_SYNC_ONLY=e runs (e) alone, BENCH_SYNC_LIMITED_BLOCKS=N sizes its chain.
 *
 * Chains are built in temporary directories and removed afterwards; figures go to stdout.
 */
import { nodeParts } from '../../src/core/node/parts';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiServer } from '../../src/core/api';
import { PeerPool } from '../../src/core/client';
import { LocalNode } from '../../src/core/node/node';
import type { ChainRules } from '../../src/core/node/transaction-handlers';
import type { TransactionData } from '../../src/core/protocol/transactions';
import { discoverFollowedNetwork, Follower } from '../../src/core/sync';
import { createTestChain, forgeBlock, sign, type TestChain } from '../node/support/chain-fixture';
import { fillArkWithTransfers } from './ark-fill';
import { buildEmptyChain } from './empty-chain';
import { arkScenario, limitedScenario, serveLimited } from './sync-limits';

const EMPTY_BLOCKS = 5_000;
const FULL_BLOCKS = positiveInteger(process.env.BENCH_SYNC_FULL_BLOCKS) ?? 40;
const PER_BLOCK = 150;
const WORKER = new URL('./verify-worker.mjs', import.meta.url);

function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`not a positive integer: ${text}`);
  return value;
}

function transfers(chain: TestChain, nonce: bigint): TransactionData[] {
  return chain.users.slice(0, PER_BLOCK).map((sender, i) =>
    sign(
      chain,
      {
        type: 0,
        nonce,
        amount: 1_000n + BigInt(i),
        recipientId: chain.users[(i + 1) % PER_BLOCK]!.address,
      },
      sender.passphrase,
    ),
  );
}

/** Builds a peer's chain of `chain` in a new directory: `blocks` on top of its genesis. */
async function buildPeerChain(chain: TestChain, blocks: (peer: LocalNode) => void): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-bench-sync-peer-'));
  const peer = await LocalNode.start({
    dataDir,
    followed: { network: chain.network, genesis: chain.genesis },
    verifyWorkerUrl: WORKER,
  });
  blocks(peer);
  await peer.stop();
  return dataDir;
}

/**
 * Serves a peer chain from a child process (this bundle with `serve DIR`), as a remote peer would be: its HTTP
 * work does not share the follower's thread.
 */
function servePeer(dataDir: string): Promise<{ url: string; close: () => Promise<number> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const url = /^serving (\S+)$/m.exec(out);
      if (url) {
        resolve({
          url: url[1]!,
          // The peer's CPU seconds while it served (the follower shares this machine's cores with it).
          close: () =>
            new Promise<number>((done) => {
              child.removeAllListeners('exit');
              child.on('exit', () => done(Number(/^peer cpu (\S+) s$/m.exec(out)?.[1] ?? NaN)));
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`the peer exited (${code}): ${out}`)));
  });
}

/**
 * The child: serves a peer chain built by buildPeerChain until SIGTERM, through a cache of whole answers by URL, so
 * that a second sync of the same chain measures the follower with a peer that costs next to nothing.
 */
async function serve(dataDir: string): Promise<void> {
  const chain = createTestChain({ users: PER_BLOCK });
  const peer = await LocalNode.start({
    dataDir,
    followed: { network: chain.network, genesis: chain.genesis },
  });
  const api = createApiServer({ node: peer, responseCache: false });
  await api.publicApp.ready();
  const cache = new Map<string, { status: number; headers: Record<string, string>; body: string }>();
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    const cached = cache.get(url);
    const answer = cached
      ? Promise.resolve(cached)
      : api.publicApp.inject({ url, headers: { host: '127.0.0.1:4003' } }).then((reply) => {
          const entry = {
            status: reply.statusCode,
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'x-block-height': String(reply.headers['x-block-height']),
            },
            body: reply.body,
          };
          cache.set(url, entry);
          return entry;
        });
    void answer.then((entry) => {
      response.writeHead(entry.status, entry.headers);
      response.end(entry.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`serving http://127.0.0.1:${(server.address() as AddressInfo).port}/api\n`);
  await new Promise((resolve) => process.once('SIGTERM', resolve));
  const cpu = process.cpuUsage();
  process.stdout.write(`peer cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s\n`);
  server.close();
  await api.close();
  await peer.stop();
}

/** Syncs a fresh follower from `url` to `height`; returns the seconds it took from the first request. */
async function syncFrom(url: string, rules?: ChainRules): Promise<SyncResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-bench-sync-'));
  const peerPool = new PeerPool([url], { timeoutMs: 30_000 });
  const discovery = await discoverFollowedNetwork(peerPool);
  const node = await LocalNode.start({
    dataDir,
    followed: { network: discovery.network, genesis: discovery.genesis, ...(rules ? { rules } : {}) },
    verifyWorkerUrl: WORKER,
  });
  // Where the time goes: applying (this thread) versus everything else (download, decode, worker checks).
  let applyMs = 0;
  const apply = node.applyBlock.bind(node);
  node.applyBlock = (block) => {
    const at = performance.now();
    apply(block);
    applyMs += performance.now() - at;
  };
  let transactions = 0;
  node.on('block', (block) => (transactions += block.transactions.length));
  const follower = new Follower({
    node,
    network: discovery.network,
    peerPool,
    exceptions: discovery.exceptions,
    apiRateLimit: 'none',
    log: (line) => console.error(line),
  });
  const started = performance.now();
  const synced = new Promise<void>((resolve) =>
    follower.on('status', (status) => {
      if (status.state === 'synced') resolve();
    }),
  );
  follower.start();
  await synced;
  const seconds = (performance.now() - started) / 1000;
  const height = node.height;
  await follower.stop();
  await node.stop();
  const diskBytes = directoryBytes(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  return { seconds, height, transactions, applySeconds: applyMs / 1000, diskBytes };
}

/** What a directory's files take, the SQLite database and its journal included. */
function directoryBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

interface SyncResult {
  seconds: number;
  height: number;
  transactions: number;
  applySeconds: number;
  diskBytes: number;
}

function report(label: string, result: SyncResult): void {
  const blocks = result.height - 1;
  console.log(
    `${label}: ${blocks} blocks, ${result.transactions} transactions in ${result.seconds.toFixed(2)} s → ` +
      `${Math.round(blocks / result.seconds)} blocks/s, ${Math.round(result.transactions / result.seconds)} transactions/s ` +
      `(applying: ${result.applySeconds.toFixed(2)} s); on disk ${(result.diskBytes / 1e6).toFixed(1)} MB`,
  );
}

async function main(): Promise<void> {
  const chain = createTestChain({ users: PER_BLOCK });
  const scenarios: [string, (peer: LocalNode) => void][] = [
    [
      '(a) empty blocks from a Votary peer',
      (peer) => {
        for (let i = 0; i < EMPTY_BLOCKS; i++) peer.applyBlock(forgeBlock(chain, nodeParts(peer).store));
      },
    ],
    [
      '(b) full blocks from a Votary peer',
      (peer) => {
        for (let i = 0; i < FULL_BLOCKS; i++) {
          peer.applyBlock(forgeBlock(chain, nodeParts(peer).store, transfers(chain, BigInt(i + 1))));
        }
      },
    ],
  ];
  // BENCH_SYNC_ONLY=b runs one scenario (to profile it alone).
  const only = process.env.BENCH_SYNC_ONLY;
  for (const [label, blocks] of scenarios.filter(
    ([label]) => only === undefined || label.startsWith(`(${only})`),
  )) {
    console.error(`building the chain of ${label}…`);
    const dataDir = await buildPeerChain(chain, blocks);
    const peer = await servePeer(dataDir);
    const result = await syncFrom(peer.url);
    // The same chain again, every answer now from the peer's memory: the follower's own capacity here.
    const again = await syncFrom(peer.url);
    const peerCpu = await peer.close();
    report(label, result);
    console.log(
      `    the peer process (start-up included) used ${peerCpu.toFixed(2)} CPU s of the same 2 cores, both syncs`,
    );
    report(`${label}, answers from the peer's memory`, again);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ark = process.env.BENCH_SYNC_ARK;
  if (ark !== undefined) {
    const fill = positiveInteger(process.env.BENCH_SYNC_ARK_FILL);
    if (fill !== undefined) {
      const discovery = await discoverFollowedNetwork(new PeerPool([ark], { timeoutMs: 30_000 }));
      await fillArkWithTransfers(ark, discovery.network, fill, (line) => console.error(line));
    }
    if (only === undefined || only === 'c') {
      report(`(c) ARK Core testnet at ${ark}`, await syncFrom(ark, { arkTestMode: true }));
    }
    if (only === undefined || only === 'd') await arkScenario(ark, process.env.BENCH_SYNC_ARK_P2P);
  }
  if (only === undefined || only === 'e') {
    const blocks = positiveInteger(process.env.BENCH_SYNC_LIMITED_BLOCKS) ?? 30_000;
    // A chain of hundreds of thousands of blocks takes minutes to build: BENCH_SYNC_LIMITED_DIR keeps it in a
    // directory of one's choice, built there once (BENCH_SYNC_PREPARE=1 builds it and stops, outside the bench
    // lock) and served from there by the measuring runs, which leave it in place.
    const prepared = process.env.BENCH_SYNC_LIMITED_DIR;
    const build = async (count: number, dir = mkdtempSync(join(tmpdir(), 'votary-bench-sync-peer-'))) => {
      const peer = await LocalNode.start({
        dataDir: dir,
        followed: { network: chain.network, genesis: chain.genesis },
        verifyWorkerUrl: WORKER,
      });
      await buildEmptyChain(chain, peer, count + 1, (height) => console.error(`    … height ${height}`));
      await peer.stop();
      return dir;
    };
    if (process.env.BENCH_SYNC_PREPARE === '1') {
      if (prepared === undefined) throw new Error('BENCH_SYNC_PREPARE=1 needs BENCH_SYNC_LIMITED_DIR');
      mkdirSync(prepared, { recursive: true });
      console.error(`building a chain of ${blocks} empty blocks in ${prepared}…`);
      await build(blocks, prepared);
      return;
    }
    await limitedScenario(
      prepared === undefined ? { build: (count) => build(count), blocks } : { dataDir: prepared, blocks },
    );
  }
}

const mode = process.argv[2];
(mode === 'serve'
  ? serve(process.argv[3]!)
  : mode === 'serve-limited'
    ? serveLimited(process.argv[3]!, createTestChain({ users: PER_BLOCK }))
    : main()
).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
