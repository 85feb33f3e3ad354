/**
 * `npm run bench:stall`: the longest event-loop stall of the process that owns the windows while the embedded
 * localnet node ingests transfers and forges 1-second blocks full of them (docs/design/architecture.md
 * "Processes"). Electron cannot start on the build machines, so main's side runs here without it: the same
 * CoreBridge (src/main/core-process/core-bridge.ts) and the same core side (app-core-process.ts), the core's
 * process started with `child_process.fork` (structured-clone serialization, as a MessagePort) standing in for
 * Electron's utilityProcess.
 *
 *   before — the core in the windows' process (AppCore opened here, as main did);
 *   after  — the core in a child process, reached over the bridge.
 *
 * In both, the windows' side does what a window does meanwhile: a request every 50 ms (the status bar's
 * `networks:status`, the dashboard's `chain:blocks`) and every push event serialized as it would be for the window.
 * The load comes from a third process (ARK clients POSTing signed transfers to the node's public API), so neither
 * side pays for it. Stall = perf_hooks.monitorEventLoopDelay's max (resolution 5 ms) while the load runs; an idle
 * control process measured over the same seconds tells what of it is the machine's scheduling and not ours.
 *
 * Usage: node dist/bench-stall.mjs [seconds=20] [senders=3000]
 *   (internal roles: --role=core, --role=load, --role=idle)
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Keychain, KeychainStatus } from '../../src/core/keystore';
import { AppCore } from '../../src/core/services';
import { serveCoreOverPort } from '../../src/core/services/app-core-process';
import { CoreBridge, type CoreChild, type CoreLink } from '../../src/main/core-process/core-bridge';
import { forkCore, processFrames } from '../main/process-frames';
import { runLoad, type LoadJob, type LoadResult } from './stall-load';

const HERE = fileURLToPath(import.meta.url);
const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);

/** A keychain kept in memory on the windows' side (the bench stores no secret; the core may ask its status). */
class MapKeychain implements Keychain {
  private readonly entries = new Map<string, string>();
  status(): Promise<KeychainStatus> {
    return Promise.resolve({ available: true });
  }
  getSecret(account: string): Promise<string | null> {
    return Promise.resolve(this.entries.get(account) ?? null);
  }
  setSecret(account: string, secret: string): Promise<void> {
    this.entries.set(account, secret);
    return Promise.resolve();
  }
  deleteSecret(account: string): Promise<boolean> {
    return Promise.resolve(this.entries.delete(account));
  }
}

interface CoreBenchOptions {
  dataDir: string;
}

function openBenchCore(options: CoreBenchOptions, keychain: Keychain): Promise<AppCore> {
  return AppCore.open({
    dataDir: options.dataDir,
    shell: 'electron',
    version: 'bench',
    blockTime: 1,
    api: { publicPort: 0, port: 0 },
    keychain,
    verifyWorkerUrl: new URL('./verify-worker.mjs', import.meta.url),
    onDefect: (error) => process.stderr.write(`bench core defect: ${String(error)}\n`),
  });
}

function launchForkedCore(): CoreChild {
  return forkCore(HERE, ['--role=core']);
}

function serveForkedCore(): void {
  serveCoreOverPort(processFrames(process), {
    open: (options, keychain) => openBenchCore(options as CoreBenchOptions, keychain),
    exit: (code) => process.exit(code),
  });
  // The windows' side is gone: nothing is left to serve.
  process.on('disconnect', () => process.exit(0));
}

/**
 * The control: a process that does nothing but measure its own event loop over the same seconds. On a machine the
 * load and the core keep busy, the OS does not run every process when its timer is due; what the control sees is
 * that scheduling delay, which no code of the windows' side can go below.
 */
function idleRole(): void {
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  process.on('message', (message) => {
    if (message === 'go') stalls.enable();
    if (message !== 'stop') return;
    stalls.disable();
    process.send?.(stallFigures(stalls), () => process.disconnect());
  });
}

function stallFigures(stalls: IntervalHistogram): StallFigures {
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return { maxMs: ms(stalls.max), p99Ms: ms(stalls.percentile(99)), meanMs: ms(stalls.mean) };
}

function loadRole(): void {
  process.once('message', (job: LoadJob) => {
    void runLoad(job, (message) => process.send?.(message)).then(() => process.disconnect());
  });
}

interface StallFigures {
  maxMs: number;
  p99Ms: number;
  meanMs: number;
}

interface Measured {
  mode: 'before (core in the windows process)' | 'after (core in a child process)';
  seconds: number;
  /** The windows' side. */
  stall: StallFigures;
  /** An idle process over the same seconds: the machine's own scheduling delay. */
  idleControl: StallFigures;
  /** CPU time the windows' side spent meanwhile (user + system). */
  windowsCpuMs: number;
  slowestRequestMs: number;
  requests: number;
  events: number;
  blocksForged: number;
  transactionsAccepted: number;
  transactionsForged: number;
}

async function ask<T>(core: CoreLink, channel: string, payload?: unknown): Promise<T> {
  const result = await core.handleRequest(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

async function measure(
  mode: Measured['mode'],
  core: CoreLink,
  seconds: number,
  senders: number,
): Promise<Measured> {
  const info = await ask<{ embeddedApiUrl?: string }>(core, 'app:info');
  const url = info.embeddedApiUrl;
  if (url === undefined) throw new Error('the core has no embedded API');
  const heightOf = async () => (await ask<{ height: number }>(core, 'networks:status')).height;

  // The load process funds and signs first; only the run is measured.
  const load = fork(HERE, ['--role=load'], { stdio: 'inherit' });
  const messages: unknown[] = [];
  let wake: () => void = () => undefined;
  load.on('message', (message) => {
    messages.push(message);
    wake();
  });
  const next = async <T>(kind: string): Promise<T> => {
    for (;;) {
      const found = messages.findIndex((m) => (m as { kind?: string }).kind === kind);
      if (found >= 0) return messages.splice(found, 1)[0] as T;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  load.send({ url, senders, seconds } satisfies LoadJob);
  await next('ready');
  const idle = fork(HERE, ['--role=idle'], { stdio: 'inherit' });
  const idleFigures = new Promise<StallFigures>((resolve) => idle.once('message', resolve as never));
  await new Promise((resolve) => idle.once('spawn', resolve));

  let events = 0;
  const unsubscribe = core.subscribe((event, payload) => {
    events++;
    // What webContents.send does with each event for the window.
    JSON.stringify({ event, payload });
  });
  const startHeight = await heightOf();
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  let requests = 0;
  let slowestRequestMs = 0;
  let running = true;
  const windowWork = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      await core.handleRequest(
        i % 2 === 0 ? 'networks:status' : 'chain:blocks',
        i % 2 === 0 ? undefined : { limit: 20 },
      );
      slowestRequestMs = Math.max(slowestRequestMs, performance.now() - started);
      requests++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  stalls.enable();
  const cpu = process.cpuUsage();
  idle.send('go');
  load.send('go');
  const result = await next<LoadResult & { kind: string }>('done');
  stalls.disable();
  const spent = process.cpuUsage(cpu);
  idle.send('stop');
  running = false;
  await windowWork;
  unsubscribe();
  const endHeight = await heightOf();
  const forged = await ask<{ data: { transactions: number }[] }>(core, 'chain:blocks', {
    limit: Math.min(100, Math.max(1, endHeight - startHeight)),
  }).catch(() => ({ data: [] }));
  return {
    mode,
    seconds: result.seconds,
    stall: stallFigures(stalls),
    idleControl: await idleFigures,
    windowsCpuMs: Math.round((spent.user + spent.system) / 1000),
    slowestRequestMs: Math.round(slowestRequestMs),
    requests,
    events,
    blocksForged: endHeight - startHeight,
    transactionsAccepted: result.accepted,
    transactionsForged: forged.data.reduce((sum, block) => sum + (block.transactions ?? 0), 0),
  };
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 20);
  const senders = Number(process.argv[3] ?? 3_000);
  const figures: Measured[] = [];

  const beforeDir = mkdtempSync(join(tmpdir(), 'votary-bench-stall-before-'));
  try {
    const core = await openBenchCore({ dataDir: beforeDir }, new MapKeychain());
    try {
      figures.push(await measure('before (core in the windows process)', core, seconds, senders));
    } finally {
      await core.close();
    }
  } finally {
    rmSync(beforeDir, { recursive: true, force: true });
  }

  const afterDir = mkdtempSync(join(tmpdir(), 'votary-bench-stall-after-'));
  try {
    const bridge = await CoreBridge.start({
      launch: launchForkedCore,
      openOptions: { dataDir: afterDir } satisfies CoreBenchOptions,
      keychain: new MapKeychain(),
      // A crash is a failed run here, not something to recover from.
      restart: { maxRestarts: 0 },
    });
    try {
      figures.push(await measure('after (core in a child process)', bridge, seconds, senders));
    } finally {
      await bridge.close();
    }
  } finally {
    rmSync(afterDir, { recursive: true, force: true });
  }

  console.log(
    JSON.stringify(
      { date: new Date().toISOString(), cores: availableParallelism(), seconds, senders, figures },
      null,
      2,
    ),
  );
}

if (role === 'core') serveForkedCore();
else if (role === 'load') loadRole();
else if (role === 'idle') idleRole();
else await main();
