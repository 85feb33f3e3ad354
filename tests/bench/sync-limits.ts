/**
 * `npm run bench:sync`, the rate-limited part: how fast the follower syncs through peers that hold it to ARK Core's
 * default limits, and what that projects for a mainnet-sized chain (40 million mostly empty blocks) from six public
 * nodes (docs/benchmarks.md "Sync through public nodes' limits").
 *
 * (d) With BENCH_SYNC_ARK=<public API URL> and BENCH_SYNC_ARK_P2P=<ws://host:port> (the ARK Core node of
 *     scripts/ark-core/run.sh, its API limit on): its chain through its public API alone at ARK's 100 requests a
 *     minute, then through its P2P port alone (getBlocks once per 2 s: core-p2p exempts loopback from its limiter,
 *     so the follower's own budget is what holds it there).
 * (e) Six peers each limited as ARK's are, enforced by the peers themselves: six public APIs (Votary's API with its
 *     rate limit on for loopback too: 100 requests a minute per client, 429 past it) and six P2P interfaces
 *     (ARK's protocol, a getBlocks sooner than 2 s after the last answered 429), all serving one chain of
 *     BENCH_SYNC_LIMITED_BLOCKS empty blocks (default 30,000) from a child process; synced through the six APIs,
 *     the six P2P interfaces, and both. The blocks/s of each is the projection's basis.
 *
 * The figures go to stdout and, for the app's estimate, to resources/sync-throughput.json.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiServer } from '../../src/core/api';
import { PeerPool } from '../../src/core/client';
import type { ChainRules } from '../../src/core/node/transaction-handlers';
import { LocalNode } from '../../src/core/node/node';
import { P2pPeers } from '../../src/core/p2p';
import { discoverFollowedNetwork, Follower } from '../../src/core/sync';
import type { TestChain } from '../node/support/chain-fixture';
import { startP2pPeer } from '../sync/p2p-peer-server';

const WORKER = new URL('./verify-worker.mjs', import.meta.url);
const MAINNET_BLOCKS = 40_000_000;
const PUBLIC_NODES = 6;
const PEERS = 6;

export interface LimitedResult {
  label: string;
  blocks: number;
  seconds: number;
  requests: number;
  refused: number;
  /** Blocks a second after the ramp (RAMP_SECONDS), the projection's basis; the whole run's when it is shorter. */
  steady: number;
  /** The slowest and fastest STEADY_WINDOW_SECONDS window of the steady part. */
  windows: { min: number; max: number };
  /** CPU seconds of this process (the follower, its worker threads included) over the sync. */
  cpuSeconds: number;
}

/**
 * The start of a sync is its ramp: discovery, the first runs asked in turn until one comes back full, speculation
 * starting only after that. What a 40-million-block sync sees is the rate after it; measured from here to the end.
 */
const RAMP_SECONDS = Number(process.env.BENCH_SYNC_RAMP_SECONDS ?? 30);
const STEADY_WINDOW_SECONDS = 30;

/** Blocks a second over the samples from `from` seconds on (samples: [seconds since start, height]). */
function rateOver(samples: readonly (readonly [number, number])[], from: number, to = Infinity): number {
  const inside = samples.filter(([t]) => t >= from && t <= to);
  const first = inside[0];
  const last = inside.at(-1);
  if (first === undefined || last === undefined || last[0] <= first[0]) return NaN;
  return (last[1] - first[1]) / (last[0] - first[0]);
}

interface SyncOptions {
  apiUrls: readonly string[];
  p2pUrls: readonly string[];
  /** Discovery's URL (the public API of one peer), also when no API is followed. */
  discoveryUrl: string;
  rules?: ChainRules;
}

/** Syncs a fresh follower to the peers' tip; counts the requests it sent (both paths). */
async function syncThrough(label: string, options: SyncOptions): Promise<LimitedResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-bench-limits-'));
  const discoveryPool = new PeerPool([options.discoveryUrl], { timeoutMs: 30_000 });
  const discovery = await discoverFollowedNetwork(discoveryPool);
  let requests = 0;
  const pool = new PeerPool([...options.apiUrls], {
    timeoutMs: 30_000,
    fetch: (input, init) => {
      requests++;
      return fetch(input, init);
    },
  });
  const p2p = new P2pPeers(options.p2pUrls);
  for (const peer of p2p.all()) {
    const getBlocks = peer.getBlocks.bind(peer);
    peer.getBlocks = (...args) => {
      requests++;
      return getBlocks(...args);
    };
  }
  const node = await LocalNode.start({
    dataDir,
    followed: {
      network: discovery.network,
      genesis: discovery.genesis,
      ...(options.rules ? { rules: options.rules } : {}),
    },
    verifyWorkerUrl: WORKER,
  });
  const follower = new Follower({
    node,
    network: discovery.network,
    peerPool: pool,
    p2p,
    exceptions: discovery.exceptions,
    log: (line) => console.error(line),
  });
  // The target: the peers' tip as the discovery peer reports it (its word is enough for a benchmark's stop).
  const tip = Number(
    (
      (await fetch(`${options.discoveryUrl.replace(/\/api$/, '')}/api/blockchain`).then((r) => r.json())) as {
        data: { block: { height: number } };
      }
    ).data.block.height,
  );
  let refused = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const samples: [number, number][] = [[0, node.height]];
  const sampler = setInterval(() => samples.push([(performance.now() - started) / 1000, node.height]), 1_000);
  await new Promise<void>((resolve) => {
    follower.on('status', (status) => {
      refused = Math.max(
        refused,
        status.peers.filter((peer) => peer.lastError?.includes('rate limit')).length,
      );
      if (node.height >= tip) resolve();
    });
    follower.start();
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  const blocks = node.height - 1;
  samples.push([seconds, node.height]);
  const steadyRate = rateOver(samples, RAMP_SECONDS);
  const steady = Number.isFinite(steadyRate) && seconds >= 2 * RAMP_SECONDS ? steadyRate : blocks / seconds;
  const windowRates: number[] = [];
  for (let t = RAMP_SECONDS; t + STEADY_WINDOW_SECONDS <= seconds; t += STEADY_WINDOW_SECONDS) {
    windowRates.push(rateOver(samples, t, t + STEADY_WINDOW_SECONDS));
  }
  const windows = {
    min: windowRates.length > 0 ? Math.min(...windowRates) : steady,
    max: windowRates.length > 0 ? Math.max(...windowRates) : steady,
  };
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  await follower.stop();
  await node.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const result = { label, blocks, seconds, requests, refused, steady, windows, cpuSeconds };
  console.log(
    `${label}: ${blocks} blocks in ${seconds.toFixed(2)} s → ${Math.round(blocks / seconds)} blocks/s, ` +
      `${requests} requests (${(blocks / Math.max(1, requests)).toFixed(1)} blocks a request), ` +
      `${refused} peer(s) seen rate limiting`,
  );
  console.log(
    `    after the first ${RAMP_SECONDS} s (the ramp, ${Math.round(rateOver(samples, 0, RAMP_SECONDS))} blocks/s): ` +
      `${Math.round(steady)} blocks/s; ${STEADY_WINDOW_SECONDS} s windows ${Math.round(windows.min)}–` +
      `${Math.round(windows.max)}; the follower's process used ${cpuSeconds.toFixed(1)} CPU s ` +
      `(${((100 * cpuSeconds) / seconds).toFixed(0)} % of one core)`,
  );
  return result;
}

/** (d) The ARK Core node: public API alone, then P2P alone. */
export async function arkScenario(api: string, p2p: string | undefined): Promise<void> {
  const rules = { arkTestMode: true };
  await syncThrough('(d) ARK Core, public API (100 requests a minute)', {
    apiUrls: [api],
    p2pUrls: [],
    discoveryUrl: api,
    rules,
  });
  if (p2p !== undefined) {
    await syncThrough('(d) ARK Core, P2P (getBlocks once per 2 s)', {
      apiUrls: [],
      p2pUrls: [p2p],
      discoveryUrl: api,
      rules,
    });
  }
}

/** The child of (e): six limited public APIs and six limited P2P interfaces over one chain, until SIGTERM. */
export async function serveLimited(dataDir: string, chain: TestChain): Promise<void> {
  const node = await LocalNode.start({
    dataDir,
    followed: { network: chain.network, genesis: chain.genesis },
  });
  let refusedApi = 0;
  const apis = [];
  for (let i = 0; i < PEERS; i++) {
    const api = createApiServer({
      node,
      responseCache: true,
      rateLimit: { enabled: true, max: 100, timeWindowMs: 60_000, exemptLoopback: false },
    });
    api.publicApp.addHook('onResponse', (_request, reply, done) => {
      if (reply.statusCode === 429) refusedApi++;
      done();
    });
    await api.publicApp.listen({ port: 0, host: '127.0.0.1' });
    const address = api.publicApp.server.address();
    process.stdout.write(`api http://127.0.0.1:${typeof address === 'object' ? address?.port : ''}/api\n`);
    apis.push(api);
  }
  const p2ps = [];
  for (let i = 0; i < PEERS; i++) {
    const peer = await startP2pPeer(node, chain.network.network.nethash, { getBlocksEveryMs: 2_000 });
    process.stdout.write(`p2p ${peer.url}\n`);
    p2ps.push(peer);
  }
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.once('SIGTERM', resolve));
  const refusedP2p = p2ps.reduce((sum, peer) => sum + peer.refused, 0);
  const cpu = process.cpuUsage();
  process.stdout.write(`refused api ${refusedApi} p2p ${refusedP2p}\n`);
  process.stdout.write(`peers cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)}\n`);
  for (const peer of p2ps) await peer.close();
  for (const api of apis) await api.close();
  await node.stop();
}

/** (e): builds the chain (with `build`), serves it limited, syncs it three ways, projects, records. */
export async function limitedScenario(
  chain: { build: (blocks: number) => Promise<string>; blocks: number } | { dataDir: string; blocks: number },
): Promise<void> {
  let dataDir: string;
  if ('build' in chain) {
    console.error(`building a chain of ${chain.blocks} empty blocks for (e)…`);
    dataDir = await chain.build(chain.blocks);
  } else dataDir = chain.dataDir;
  // BENCH_SYNC_LIMITED_PATHS=both (or api,p2p,both, the default) chooses the syncs: a long steady run of one.
  const paths = (process.env.BENCH_SYNC_LIMITED_PATHS ?? 'api,p2p,both').split(',');
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve-limited', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/^ready$/m.test(out)) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => reject(new Error(`the peers exited (${code}): ${out}`)));
  });
  const apiUrls = [...out.matchAll(/^api (\S+)$/gm)].map((match) => match[1]!);
  const p2pUrls = [...out.matchAll(/^p2p (\S+)$/gm)].map((match) => match[1]!);
  const discoveryUrl = apiUrls[0]!;
  // Each sync starts with fresh budgets but the peers' windows remember: a pause between them lets every limit
  // window (60 s) close, so that no sync inherits another's requests.
  const pause = () => new Promise((resolve) => setTimeout(resolve, 61_000));
  const results: { path: 'publicApi' | 'p2p' | 'both'; result: LimitedResult }[] = [];
  const syncs = [
    {
      path: 'publicApi',
      key: 'api',
      label: `(e) ${PEERS} public APIs (100 requests a minute each)`,
      apiUrls,
      p2pUrls: [],
    },
    {
      path: 'p2p',
      key: 'p2p',
      label: `(e) ${PEERS} P2P interfaces (getBlocks once per 2 s each)`,
      apiUrls: [],
      p2pUrls,
    },
    {
      path: 'both',
      key: 'both',
      label: `(e) both: ${PEERS} public APIs and their ${PEERS} P2P interfaces`,
      apiUrls,
      p2pUrls,
    },
  ] as const;
  for (const sync of syncs.filter((candidate) => paths.includes(candidate.key))) {
    if (results.length > 0) await pause();
    const result = await syncThrough(sync.label, {
      apiUrls: sync.apiUrls,
      p2pUrls: sync.p2pUrls,
      discoveryUrl,
    });
    results.push({ path: sync.path, result });
  }
  const refused = await new Promise<string>((resolve) => {
    child.once('exit', () => resolve(/^refused (.*)$/m.exec(out)?.[1] ?? '?'));
    child.kill('SIGTERM');
  });
  if ('build' in chain) rmSync(dataDir, { recursive: true, force: true });
  console.log(`    requests the peers refused (429) over the syncs: ${refused}`);
  console.log(
    `    the peers' process used ${/^peers cpu (\S+)$/m.exec(out)?.[1] ?? '?'} CPU s (start-up included)`,
  );
  const hours = (result: LimitedResult) => MAINNET_BLOCKS / result.steady / 3600;
  console.log(
    `projection (steady rate): ${MAINNET_BLOCKS.toLocaleString('en')} empty blocks from ${PUBLIC_NODES} public nodes`,
  );
  for (const { result } of results)
    console.log(`    ${result.label.slice(4)}: ${hours(result).toFixed(1)} h`);
  console.log(
    `    bound by the limits alone: APIs ${(MAINNET_BLOCKS / (PUBLIC_NODES * (100 / 60) * 100) / 3600).toFixed(1)} h, ` +
      `P2P ${(MAINNET_BLOCKS / (PUBLIC_NODES * 0.5 * 400) / 3600).toFixed(1)} h, ` +
      `both ${(MAINNET_BLOCKS / (PUBLIC_NODES * ((100 / 60) * 100 + 0.5 * 400)) / 3600).toFixed(1)} h`,
  );
  const record = {
    measured: new Date().toISOString().slice(0, 10),
    command: 'npm run bench:sync',
    peers: PEERS,
    chainBlocks: results[0]?.result.blocks ?? chain.blocks,
    rampSeconds: RAMP_SECONDS,
    emptyBlocksPerSecond: Object.fromEntries(
      results.map(({ path, result }) => [path, Math.round(result.steady)]),
    ),
    mainnetHours: Object.fromEntries(results.map(({ path, result }) => [path, +hours(result).toFixed(1)])),
    refusedByPeers: refused,
  };
  // Run from the repository's root (npm run): the bundle's own URL is under dist/.
  const file = join(process.cwd(), 'resources', 'sync-throughput.json');
  if (process.env.BENCH_SYNC_RECORD === '1') writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(JSON.stringify(record));
}
