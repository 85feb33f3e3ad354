/**
 * `npm run bench:app`: the browser shell's cold start to interactive, and the frame rate while
 * scrolling a 100,000-transaction history. Targets: interactive under 1.5 s; scrolling without dropped frames.
 *
 * Cold start, each run on a fresh temporary data directory (so the node creates its localnet chain) and a fresh
 * browser context (empty HTTP cache): spawn the `votary` bin's `serve` on a free port; the moment it prints its
 * URL; open the URL in Debian Chromium (headless, launched once before the runs, as a user's browser is already
 * open); the moment the page is interactive (app-page.ts defines it). Reported: median and worst of the runs.
 *
 * Scroll: app-history-chain.ts writes a localnet chain whose one wallet has 100,000 transactions; `votary serve`
 * opens it; the page creates the vault, watches that address and opens its wallet page, whose history is the
 * product's virtualized list fed by `chain:wallet-transactions` through the embedded node's API. Two runs, each
 * logging every requestAnimationFrame interval (headless Chromium drives rAF at 60 Hz): a sweep that moves the
 * list's scrollTop from the first row to the 100,000th at constant speed, then mouse-wheel scrolling.
 *
 * Usage: node dist/bench-app.mjs [--runs N] [--sweep-seconds S] [--wheel-seconds S] [--json]
 * (CHROMIUM_PATH overrides /usr/bin/chromium.) The npm script builds the renderer and the CLI first.
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { Cleanup } from './app-cleanup';
import { INTERACTIVE_PROBE, READ_INTERACTIVE, type InteractiveMarks } from './app-page';
import { scrollBench, type ScrollResult } from './app-scroll';
import { startServe } from './app-serve';
import { spread, type Spread } from './app-stats';
import { printReport } from './app-report';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

const INTERACTIVE_TARGET_MS = 1_500;

export interface ColdRun {
  spawnToUrlMs: number;
  spawnToInteractiveMs: number;
  navigationToBridgeOpenMs: number | undefined;
  navigationToDomContentLoadedMs: number;
  navigationToInteractiveMs: number;
}

export interface AppBenchResult {
  date: string;
  chromium: string;
  /** The machine: CPU count and its 1-minute load average when the run started (other work skews the figures). */
  cpus: number;
  loadAverage: number;
  cold: {
    runs: ColdRun[];
    spawnToUrl: Spread;
    spawnToInteractive: Spread;
    navigationToInteractive: Spread;
    targetMs: number;
  };
  scroll: ScrollResult | undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function coldRun(root: string, browser: Browser, cleanup: Cleanup): Promise<ColdRun> {
  const dataDir = cleanup.tempDir('votary-bench-app-');
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: INTERACTIVE_PROBE });
    const server = cleanup.track(await startServe(root, dataDir));
    try {
      await page.goto(server.url, { waitUntil: 'commit' });
      const marks = await withTimeout(
        page.evaluate<InteractiveMarks>(READ_INTERACTIVE),
        30_000,
        'the page did not become interactive',
      );
      // Interactive means a key press is handled: check it is.
      await page.keyboard.type('x');
      const typed = await page.locator('input[type="password"]').first().inputValue();
      if (typed !== 'x') throw new Error('the focused Password field did not take a key press');
      return {
        spawnToUrlMs: server.urlAt - server.spawnedAt,
        spawnToInteractiveMs: marks.timeOrigin + marks.interactive - server.spawnedAt,
        navigationToBridgeOpenMs: marks.bridgeOpen,
        navigationToDomContentLoadedMs: marks.domContentLoaded,
        navigationToInteractiveMs: marks.interactive,
      };
    } finally {
      await cleanup.stop(server);
    }
  } finally {
    await context.close();
    cleanup.removeDir(dataDir);
  }
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be a positive number`);
  return number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      'sweep-seconds': { type: 'string' },
      'wheel-seconds': { type: 'string' },
      'no-scroll': { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  const runs = Math.round(positive(values.runs, 5, 'runs'));
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const executablePath = CHROMIUM_PATH;
  if (!existsSync(executablePath)) {
    process.stderr.write(
      `bench:app: Chromium not found at ${executablePath} (install Debian's chromium, or set CHROMIUM_PATH)\n`,
    );
    return 2;
  }
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) {
    process.stderr.write('bench:app: the renderer is not built: run `npm run build` first\n');
    return 2;
  }
  const log = (line: string) => {
    if (!values.json) process.stderr.write(`${line}\n`);
  };

  const loadAverage = loadavg()[0] ?? NaN;
  const cleanup = new Cleanup();
  const interrupted = () => void cleanup.all().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    cleanup.browser = await chromium
      .launch({ executablePath, args: CHROMIUM_ARGS })
      .catch((error: unknown) => {
        throw new Error(`cannot launch Chromium at ${executablePath}: ${(error as Error).message}`);
      });
    const browser = cleanup.browser;
    const cold: ColdRun[] = [];
    for (let i = 1; i <= runs; i++) {
      cold.push(await coldRun(root, browser, cleanup));
      log(`cold start ${i}/${runs}: ${Math.round(cold.at(-1)!.spawnToInteractiveMs)} ms to interactive`);
    }
    const scroll = values['no-scroll']
      ? undefined
      : await scrollBench({
          root,
          browser,
          cleanup,
          sweepMs: positive(values['sweep-seconds'], 20, 'sweep-seconds') * 1000,
          wheelMs: positive(values['wheel-seconds'], 10, 'wheel-seconds') * 1000,
          log,
        });
    const result: AppBenchResult = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      cpus: cpus().length,
      loadAverage,
      cold: {
        runs: cold,
        spawnToUrl: spread(cold.map((run) => run.spawnToUrlMs)),
        spawnToInteractive: spread(cold.map((run) => run.spawnToInteractiveMs)),
        navigationToInteractive: spread(cold.map((run) => run.navigationToInteractiveMs)),
        targetMs: INTERACTIVE_TARGET_MS,
      },
      scroll,
    };
    if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else printReport(result);
    return 0;
  } finally {
    await cleanup.all();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`bench:app: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
