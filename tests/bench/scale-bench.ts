/**
 * `npm run bench:scale`: the node at mainnet's length. Grows a localnet chain of mainnet's shape
 * (scale-chain-db.ts) step by step up to BENCH_SCALE_BLOCKS (default 40,000,001), and at each step measures
 * - disk: the file, bytes per block and per transaction (scale-disk.ts);
 * - start-up: LocalNode.start + the API listening, in a child process (as `votary node`);
 * - every public API route's p50/p99 with the response cache off (each request computes its answer): first page,
 *   a deep page, each filter and orderBy, lookups — BENCH_SCALE_SAMPLES sequential requests each, after 2;
 * - the API process's resident memory after those requests (VmRSS) and its peak (VmHWM);
 * and at the last step the apply rate (scale-apply.ts) beside an empty chain's. Ends with the cost-growth tables:
 * the whole node's by step, and with several steps every route's p50 and p99 by step.
 *
 * Options (environment): BENCH_SCALE_BLOCKS (final size), BENCH_SCALE_STEPS (comma list of sizes to measure at;
 * default 1,000,001, 5,000,001, 10,000,001, 20,000,001 and 40,000,001 up to the final size), BENCH_SCALE_TX_EVERY (one block
 * in N holds a transaction, default 10), BENCH_SCALE_WALLETS (default 300,000), BENCH_SCALE_SAMPLES (default 60),
 * BENCH_SCALE_APPLY_ONLY=1 (the apply rates alone), BENCH_SCALE_APPLY_CACHE=running|restart|as-is (what the OS page
 * cache holds of each chain when its apply turn starts; scale-apply.ts), BENCH_SCALE_APPLY_TURNS (turns on each
 * chain, default 2), BENCH_SCALE_APPLY_PROFILE=1 (and their SQLite time by statement), BENCH_SCALE_BUILD_ONLY=1 (grow the chain to each step, measure
 * nothing: the long build runs outside the bench lock, the measuring run then finds each step built), BENCH_SCALE_TRANSFERS_ONLY=1 (every transaction a transfer: the disk cost of one), BENCH_SCALE_DISK_ONLY=1 (build
 * and report the disk only), BENCH_SCALE_INDEX_LAYOUT=follower|sorted (the indexes written as a follower writes
 * them, the default, or sorted at the end: faster, every leaf full), VOTARY_BENCH_DIR (default .votary-data/bench-scale), BENCH_SCALE_COMPARE=<another build's
 * dist/bench-scale.mjs> with BENCH_SCALE_COMPARE_DIR=<a copy of the data directory> (only the routes, on the chain
 * as it is, asked of both builds in turn: scale-compare.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createApiServer } from '../../src/core/api';
import { openDatabase } from '../../src/core/db';
import { LOCALNET_NAME } from '../../src/core/node/localnet';
import { LocalNode } from '../../src/core/node/node';
import type { BlockStore } from '../../src/core/node/block-store';
import { chainDatabasePath, openLocalnetChain } from '../../src/core/node/chain-files';
import { openVerifyWorkers } from '../../src/core/parallel/verify-workers';
import {
  applyCacheOption,
  applyVerifyOption,
  forgeTurn,
  measureApply,
  type ApplyRate,
  type TurnShape,
} from './scale-apply';
import { evictFromPageCache } from './os-page-cache';
import { growScaleChain, scaleChainHeight, type ScaleShape } from './scale-chain-db';
import type { IndexLayout } from './scale-bulk-load';
import { diskReport, type DiskReport } from './scale-disk';
import { compareBuilds } from './scale-compare';
import { scaleRoutes, type ScaleRoute } from './scale-routes';
import { printProfile, profileStatements, type StatementProfile } from './statement-timer';

const FINAL = Number(process.env['BENCH_SCALE_BLOCKS'] ?? 40_000_001);
const STEPS = (
  process.env['BENCH_SCALE_STEPS']?.split(',').map(Number) ??
  [1_000_001, 5_000_001, 10_000_001, 20_000_001, 40_000_001].filter((size) => size < FINAL)
)
  .concat(FINAL)
  .filter((size, i, all) => all.indexOf(size) === i)
  .sort((a, b) => a - b);
const SHAPE: ScaleShape = {
  txEvery: Number(process.env['BENCH_SCALE_TX_EVERY'] ?? 10),
  wallets: Number(process.env['BENCH_SCALE_WALLETS'] ?? 300_000),
  ...(process.env['BENCH_SCALE_TRANSFERS_ONLY'] === '1' ? { transfersOnly: true } : {}),
};
/** BENCH_SCALE_APPLY_ONLY=1: the apply rates alone (on the chain as it is). */
const APPLY_ONLY = process.env['BENCH_SCALE_APPLY_ONLY'] === '1';
/** BENCH_SCALE_APPLY_CACHE: what the OS page cache holds of each chain when its turn starts (scale-apply.ts). */
const APPLY_CACHE = applyCacheOption(process.env['BENCH_SCALE_APPLY_CACHE']);
/** BENCH_SCALE_APPLY_VERIFY: where the applied blocks' signatures are verified (scale-apply.ts ApplyVerify). */
const APPLY_VERIFY = applyVerifyOption(process.env['BENCH_SCALE_APPLY_VERIFY']);
/**
 * BENCH_SCALE_APPLY_PERF=<fifo>[:big|:empty]: opens and closes `perf record`'s control FIFO around each timed window
 * of one chain's turns (the big one unless `:empty`), so that a profile holds those windows alone: `mkfifo
 * /tmp/perf.ctl; perf record -e cpu-clock -g -D -1 --control fifo:/tmp/perf.ctl -o big.data node
 * dist/bench-scale.mjs` with BENCH_SCALE_APPLY_PERF=/tmp/perf.ctl (docs/benchmarks.md "where a 40 M chain's
 * applying time goes").
 */
const APPLY_PERF = perfOption(process.env['BENCH_SCALE_APPLY_PERF']);

function perfOption(value: string | undefined): { fifo: string; chain: 'big' | 'empty' } | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^(.+?)(?::(big|empty))?$/.exec(value);
  if (match === null) throw new Error(`BENCH_SCALE_APPLY_PERF: <fifo>[:big|:empty], not '${value}'`);
  return { fifo: match[1]!, chain: match[2] === 'empty' ? 'empty' : 'big' };
}
/** BENCH_SCALE_APPLY_TURNS=N: turns on each chain (default 2); more of them steady the figure on a noisy machine. */
const TURNS = Math.max(1, Math.floor(Number(process.env['BENCH_SCALE_APPLY_TURNS'] ?? 2)) || 2);
/**
 * BENCH_SCALE_APPLY_PROFILE=1: with the apply rates, each chain's SQLite time statement by statement over its turns
 * (statement-timer.ts; the first blocks and the reverts of scale-apply.ts included, the store's opening not).
 */
const APPLY_PROFILE = process.env['BENCH_SCALE_APPLY_PROFILE'] === '1';
/** BENCH_SCALE_BUILD_ONLY=1: grow the chain, measure nothing (the build runs outside the bench lock). */
const BUILD_ONLY = process.env['BENCH_SCALE_BUILD_ONLY'] === '1';
/** BENCH_SCALE_DISK_ONLY=1: build and report the disk, nothing else. */
const DISK_ONLY = process.env['BENCH_SCALE_DISK_ONLY'] === '1';
const SAMPLES = Number(process.env['BENCH_SCALE_SAMPLES'] ?? 60);
/**
 * BENCH_SCALE_INDEX_LAYOUT: `follower` (the default) keeps the indexes through the load, so they have the layout of
 * a chain a node synced itself (scale-bulk-load.ts; 33 min for 40 M blocks); `sorted` creates them at the end
 * (27 min), with every leaf full, which makes each first insert into a leaf split it: the harder chain to apply to.
 */
const INDEX_LAYOUT = indexLayoutOption(process.env['BENCH_SCALE_INDEX_LAYOUT']);

function indexLayoutOption(value: string | undefined): IndexLayout {
  if (value === undefined || value === 'follower') return 'follower';
  if (value === 'sorted') return 'sorted';
  throw new Error(`BENCH_SCALE_INDEX_LAYOUT: 'sorted' or 'follower', not '${value}'`);
}
const P99_TARGET_MS = 50;
const RSS_TARGET_MB = 500;

interface RouteTiming {
  route: ScaleRoute;
  p50: number;
  p99: number;
  status: number;
}

interface StepResult {
  blocks: number;
  disk: DiskReport;
  startMs: number;
  timings: RouteTiming[];
  rssMb: number;
  peakRssMb: number;
}

/** Serve mode: the API over the database without its response cache; the start-up time and URL on stdout. */
async function serve(dataDir: string): Promise<void> {
  const started = performance.now();
  const node = await LocalNode.start({ dataDir, forging: false });
  const server = createApiServer({ node, publicPort: 0, port: 0, responseCache: false });
  const { publicUrl } = await server.listen();
  const startMs = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ publicUrl, startMs })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void server.close().then(() => node.stop());
  });
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; startMs: number }> {
  const child = spawn(process.execPath, [process.argv[1]!, '--serve', dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => {
      const ready = JSON.parse(line) as { publicUrl: string; startMs: number };
      resolve({ child, url: ready.publicUrl, startMs: ready.startMs });
    });
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) before it was ready`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin?.end();
    setTimeout(() => child.kill('SIGTERM'), 5_000).unref();
  });
}

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(base: string, route: ScaleRoute): Promise<RouteTiming> {
  const url = `${base}${route.path}`;
  let status = 0;
  const once = async () => {
    const start = performance.now();
    const answer = await fetch(url);
    await answer.arrayBuffer();
    status = answer.status;
    return performance.now() - start;
  };
  await once();
  await once();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { route, p50: percentile(times, 50), p99: percentile(times, 99), status };
}

async function measureStep(dataDir: string, blocks: number): Promise<StepResult> {
  const db = openDatabase(chainDatabasePath(dataDir, LOCALNET_NAME));
  let disk: DiskReport;
  let routes: ScaleRoute[];
  try {
    disk = diskReport(db);
    routes = DISK_ONLY ? [] : scaleRoutes(db);
  } finally {
    db.close();
  }
  if (DISK_ONLY) return { blocks, disk, startMs: 0, timings: [], rssMb: 0, peakRssMb: 0 };
  const { child, url, startMs } = await startServer(dataDir);
  const timings: RouteTiming[] = [];
  try {
    for (const route of routes) timings.push(await time(url, route));
    const memory = memoryOf(child.pid!);
    return { blocks, disk, startMs, timings, rssMb: memory.rssMb, peakRssMb: memory.peakMb };
  } finally {
    await stopServer(child);
  }
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const ms = (value: number) => value.toFixed(1);

function printStep(step: StepResult): void {
  const { disk } = step;
  console.log(
    `\n### ${step.blocks.toLocaleString('en')} blocks, ${disk.transactions.toLocaleString('en')} transactions\n`,
  );
  console.log(
    `disk: ${mb(disk.fileBytes)} MB; blocks ${disk.bytesPerBlock.toFixed(0)} bytes per block (blocks, delegate_keys and ` +
      `their indexes; ${(100 / SHAPE.txEvery).toFixed(0)} % of blocks hold a transaction), rounds ` +
      `${(((disk.byTable.get('rounds') ?? 0) + (disk.byTable.get('round_ranks') ?? 0)) / disk.blocks).toFixed(0)} bytes per block, ` +
      `whole file ${(disk.fileBytes / disk.blocks).toFixed(0)} bytes per block; transactions ${disk.bytesPerTransaction.toFixed(0)} bytes each`,
  );
  if (DISK_ONLY) return;
  console.log(
    `start-up (LocalNode.start + API listening): ${step.startMs.toFixed(0)} ms; API process RSS after the routes ` +
      `${step.rssMb.toFixed(0)} MB (peak ${step.peakRssMb.toFixed(0)} MB; target ≤ ${RSS_TARGET_MB} MB: ` +
      `${step.peakRssMb <= RSS_TARGET_MB ? 'met' : 'missed'})\n`,
  );
  console.log('| route | p50 (ms) | p99 (ms) | status | p99 ≤ 50 ms |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const t of step.timings) {
    const verdict = t.status !== 200 ? 'FAILED' : t.p99 <= P99_TARGET_MS ? 'met' : 'missed';
    console.log(`| \`GET ${t.route.label}\` | ${ms(t.p50)} | ${ms(t.p99)} | ${t.status} | ${verdict} |`);
  }
}

function printGrowth(steps: readonly StepResult[]): void {
  console.log('\n### Cost growth\n');
  console.log(
    '| blocks | transactions | file (MB) | bytes/block (blocks) | start-up (ms) | RSS peak (MB) | worst p99 (ms) | routes over 50 ms |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const step of steps) {
    const worst = step.timings.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    const over = step.timings.filter((t) => t.p99 > P99_TARGET_MS).length;
    console.log(
      `| ${step.blocks.toLocaleString('en')} | ${step.disk.transactions.toLocaleString('en')} | ${mb(step.disk.fileBytes)} | ` +
        `${step.disk.bytesPerBlock.toFixed(0)} | ${step.startMs.toFixed(0)} | ${step.peakRssMb.toFixed(0)} | ` +
        `${ms(worst.p99)} (${worst.route.label}) | ${over} of ${step.timings.length} |`,
    );
  }
  printRouteGrowth(steps);
}

/**
 * Every route's p50 and p99 at each step, side by side: a route whose p50 rises with the chain is a cost that
 * grows with it (an OFFSET walk, a count), which a p99 taken on a busy machine hides in its noise.
 */
function printRouteGrowth(steps: readonly StepResult[]): void {
  if (steps.length < 2) return;
  const size = (blocks: number) =>
    blocks >= 1e6 ? `${Math.round(blocks / 1e6)} M` : `${Math.round(blocks / 1e3)} k`;
  const head = (what: string) => steps.map((step) => `${what} ${size(step.blocks)}`).join(' | ');
  console.log('\n### Cost growth by route (ms)\n');
  console.log(`| route | ${head('p50')} | ${head('p99')} | p50 last / first |`);
  console.log(`| --- |${' ---: |'.repeat(steps.length * 2 + 1)}`);
  const first = steps[0]!;
  const last = steps[steps.length - 1]!;
  first.timings.forEach((timing, i) => {
    const of = (step: StepResult) => step.timings[i];
    const p50s = steps.map((step) => ms(of(step)?.p50 ?? Number.NaN)).join(' | ');
    const p99s = steps.map((step) => ms(of(step)?.p99 ?? Number.NaN)).join(' | ');
    const growth = (of(last)?.p50 ?? Number.NaN) / timing.p50;
    console.log(`| \`GET ${timing.route.label}\` | ${p50s} | ${p99s} | ${growth.toFixed(1)}× |`);
  });
}

/**
 * The apply rate on the big chain and on an empty one, in turns (big, empty, big, empty): measured once each in that
 * order, the second chain ran on a warmer process and the ratio swung from 31 % to 97 % between runs.
 */
async function applyRates(dataDir: string): Promise<{ big: ApplyRate; empty: ApplyRate }> {
  // Each turn's timed part: some 0.2 s of empty blocks and 0.2 s of transfers on an empty chain (100 and 10 blocks
  // were 50–100 ms each, where a run's first blocks and the machine's noise weighed more). Runs of 100 empty blocks
  // (one public API answer of headers) and of 5 blocks of transfers: more than one run of each is timed, and each
  // run's read-ahead overlaps the applying of the one before it.
  const shape: TurnShape = { emptyBlocks: 300, fullBlocks: 20, perBlock: 50, emptyRun: 100, fullRun: 5 };
  const fresh = mkdtempSync(join(tmpdir(), 'votary-bench-scale-'));
  const rates = { big: [] as ApplyRate[], empty: [] as ApplyRate[] };
  // The follower's pool (LocalNode opens it the same way): one a core, beside the bundle as in dist/.
  const workers =
    APPLY_VERIFY === 'workers'
      ? openVerifyWorkers(new URL('./verify-worker.mjs', import.meta.url))
      : undefined;
  if (APPLY_VERIFY === 'workers' && workers === undefined)
    throw new Error(
      'BENCH_SCALE_APPLY_VERIFY=workers: no verify-worker.mjs beside the bench (run the bundle in dist/)',
    );
  const profiler = APPLY_PROFILE ? profileStatements() : undefined;
  const profiles = { big: [] as StatementProfile[], empty: [] as StatementProfile[] };
  /** Sets the OS page cache's part of the cache state (BENCH_SCALE_APPLY_CACHE) before a chain is opened. */
  const evict = (which: string, turn: number, file: string) => {
    // The empty chain's file is created by its first opening: nothing of it is cached before.
    if (APPLY_CACHE === 'as-is' || !existsSync(file)) return;
    const resident = evictFromPageCache(file);
    console.log(
      `  ${which} chain, turn ${turn + 1}: dropped from the OS page cache (${(resident / 2 ** 20).toFixed(1)} MB left)`,
    );
  };
  const withStore = async <T>(dir: string, use: (store: BlockStore) => T | Promise<T>): Promise<T> => {
    const store = openLocalnetChain(dir);
    try {
      return await use(store);
    } finally {
      store.close();
    }
  };
  try {
    for (let turn = 0; turn < TURNS; turn++) {
      for (const [which, dir] of [
        ['big', dataDir],
        ['empty', fresh],
      ] as const) {
        const file = chainDatabasePath(dir, LOCALNET_NAME);
        // Forged on a store of its own and rolled back; closed, so the pages it read leave SQLite's cache too.
        const blocks = await withStore(dir, (store) => forgeTurn(store, shape));
        evict(which, turn, file);
        await withStore(dir, async (store) => {
          profiler?.take();
          const window =
            APPLY_PERF?.chain === which
              ? {
                  open: () => writeFileSync(APPLY_PERF.fifo, 'enable\n'),
                  close: () => writeFileSync(APPLY_PERF.fifo, 'disable\n'),
                }
              : undefined;
          rates[which].push(
            await measureApply(store, blocks, {
              warmInterior: APPLY_CACHE === 'running',
              ...(workers ? { workers } : {}),
              ...(window ? { window } : {}),
            }),
          );
          if (profiler) profiles[which].push(profiler.take());
        });
      }
    }
  } finally {
    await workers?.close();
    rmSync(fresh, { recursive: true, force: true });
  }
  if (profiler) {
    printProfile(`SQLite on this chain (${TURNS} turns)`, mergeProfiles(profiles.big));
    printProfile(`SQLite on an empty chain (${TURNS} turns)`, mergeProfiles(profiles.empty));
  }
  // Rates of equal amounts of work: their harmonic mean is the rate of the turns together.
  const together = (all: ApplyRate[]): ApplyRate => {
    const threads = all.map((rate) => rate.thread);
    const sum = (key: 'wallMs' | 'cpuMs' | 'runQueueMs') =>
      threads.reduce((total, thread) => total + (thread?.[key] ?? 0), 0);
    return {
      emptyBlocksPerSecond: all.length / all.reduce((sum, rate) => sum + 1 / rate.emptyBlocksPerSecond, 0),
      transfersPerSecond: all.length / all.reduce((sum, rate) => sum + 1 / rate.transfersPerSecond, 0),
      ...(threads.every((thread) => thread !== undefined)
        ? { thread: { wallMs: sum('wallMs'), cpuMs: sum('cpuMs'), runQueueMs: sum('runQueueMs') } }
        : {}),
    };
  };
  return { big: together(rates.big), empty: together(rates.empty) };
}

function mergeProfiles(all: readonly StatementProfile[]): StatementProfile {
  const merged: StatementProfile = {
    statements: new Map(),
    transactionMs: 0,
    statementsInTransactionsMs: 0,
    readCalls: 0,
  };
  for (const profile of all) {
    merged.transactionMs += profile.transactionMs;
    merged.statementsInTransactionsMs += profile.statementsInTransactionsMs;
    merged.readCalls += profile.readCalls;
    for (const [sql, time] of profile.statements) {
      const sum = merged.statements.get(sql) ?? { count: 0, ms: 0 };
      merged.statements.set(sql, { count: sum.count + time.count, ms: sum.ms + time.ms });
    }
  }
  return merged;
}

async function main(): Promise<void> {
  const dataDir = process.env['VOTARY_BENCH_DIR'] ?? join(process.cwd(), '.votary-data', 'bench-scale');
  console.log(
    `bench:scale in ${dataDir}: steps ${STEPS.map((s) => s.toLocaleString('en')).join(', ')}; one block in ` +
      `${SHAPE.txEvery} holds a transaction; ${SHAPE.wallets.toLocaleString('en')} wallets; ${SAMPLES} requests per route`,
  );
  const steps: StepResult[] = [];
  for (const size of APPLY_ONLY ? [] : STEPS) {
    const height = scaleChainHeight(dataDir, SHAPE);
    if (height < size) {
      const started = performance.now();
      let last = 0;
      growScaleChain(
        dataDir,
        size,
        SHAPE,
        (done) => {
          if (performance.now() - last > 30_000 || done === size) {
            last = performance.now();
            console.log(
              `  height ${done.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
            );
          }
        },
        { indexLayout: INDEX_LAYOUT, log: (line) => console.log(line) },
      );
      console.log(
        `grew ${height.toLocaleString('en')} → ${size.toLocaleString('en')} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    } else if (height > size) {
      console.log(
        `skipping ${size.toLocaleString('en')}: the chain is already ${height.toLocaleString('en')} blocks`,
      );
      continue;
    }
    if (BUILD_ONLY) continue;
    const step = await measureStep(dataDir, size);
    printStep(step);
    steps.push(step);
  }
  if (DISK_ONLY || BUILD_ONLY) return;
  const rates = await applyRates(dataDir);
  const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
  console.log(
    `\napply rate (BlockStore.applyBlock, signatures verified ${APPLY_VERIFY === 'workers' ? 'on the verify workers a run ahead, as the follower' : 'inline'}; ${TURNS} turns on each chain, alternating; OS page cache: ${APPLY_CACHE}): empty blocks ${rates.big.emptyBlocksPerSecond.toFixed(0)}/s ` +
      `on this chain vs ${rates.empty.emptyBlocksPerSecond.toFixed(0)}/s on an empty one (${ratio(rates.big.emptyBlocksPerSecond, rates.empty.emptyBlocksPerSecond)}); ` +
      `transfers ${rates.big.transfersPerSecond.toFixed(0)}/s vs ${rates.empty.transfersPerSecond.toFixed(0)}/s ` +
      `(${ratio(rates.big.transfersPerSecond, rates.empty.transfersPerSecond)}); target ≥ 80 %`,
  );
  const thread = (rate: ApplyRate) =>
    rate.thread === undefined
      ? 'not known'
      : `${rate.thread.wallMs.toFixed(0)} ms, of which on a core ${rate.thread.cpuMs.toFixed(0)} ms and waiting ` +
        `for one ${rate.thread.runQueueMs.toFixed(0)} ms`;
  // Wall time on a core or waiting for one is the applying thread's own work; the rest it waited on the disk.
  console.log(
    `applying thread over the timed runs: this chain ${thread(rates.big)}; an empty one ${thread(rates.empty)}`,
  );
  if (steps.length > 0) printGrowth(steps);
}

async function compare(other: string): Promise<void> {
  const dataDir = process.env['VOTARY_BENCH_DIR'] ?? join(process.cwd(), '.votary-data', 'bench-scale');
  const db = openDatabase(chainDatabasePath(dataDir, LOCALNET_NAME));
  let routes: ScaleRoute[];
  try {
    routes = scaleRoutes(db);
  } finally {
    db.close();
  }
  const otherDir = process.env['BENCH_SCALE_COMPARE_DIR'];
  if (otherDir === undefined)
    throw new Error('BENCH_SCALE_COMPARE_DIR: a copy of the chain for the other build');
  await compareBuilds(dataDir, otherDir, process.argv[1]!, other, routes, SAMPLES);
}

const serveAt = process.argv.indexOf('--serve');
const compareWith = process.env['BENCH_SCALE_COMPARE'];
if (serveAt >= 0) {
  await serve(process.argv[serveAt + 1] ?? '');
} else if (compareWith !== undefined) {
  await compare(compareWith);
} else {
  await main();
}
