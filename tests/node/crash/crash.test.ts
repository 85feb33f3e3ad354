/**
 * The crash test: a node under a steady transaction load (dist/crash-node.mjs, built from
 * crash-node.ts by the global test setup) is killed with SIGKILL at seeded random moments, 0.3–2 s after it
 * reports ready, and restarted on the same data directory, 24 times. After each restart:
 * - the replay of the stored chain (verifyChain, run by the child before it reports ready) matches the state;
 * - no block the child reported as applied is lost, and the chain continues: every incarnation that lived
 *   1.5 s forged, and the last one, left running, grows by at least two blocks before a clean SIGTERM;
 * - every transaction id the pool acknowledged (fsynced to the log before it was reported) is in a block or
 *   back in the pool, as the database holds them once the restarted pool re-admitted its rows.
 * Finally `votary node verify` passes on the data directory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CHILD = join(ROOT, 'dist', 'crash-node.mjs');
const CLI = join(ROOT, 'scripts', 'votary.mjs');
const KILLS = 24;
const SEED = 20260321;

interface ReadyEvent {
  event: 'ready';
  height: number;
  verified: boolean;
  differences: string[];
  pool: number;
}

type ChildEvent =
  | ReadyEvent
  | { event: 'block'; height: number; transactions: number }
  | { event: 'accepted'; ids: string[] }
  | { event: 'forging-error'; message: string };

/** One run of the child: its events as they come. */
class Incarnation {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly reported = new Set<string>();
  readonly forgingErrors: string[] = [];
  maxHeight = 0;
  stderr = '';
  private readyWaiters: ((event: ReadyEvent) => void)[] = [];
  private readyEvent: ReadyEvent | undefined;
  private heightWaiters: { height: number; resolve: () => void }[] = [];

  constructor(dataDir: string, logFile: string, seed: number) {
    this.child = spawn(process.execPath, [CHILD, dataDir, logFile, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    this.child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.onLine(line));
  }

  ready(timeoutMs: number): Promise<ReadyEvent> {
    if (this.readyEvent) return Promise.resolve(this.readyEvent);
    return withTimeout(
      new Promise((resolve) => this.readyWaiters.push(resolve)),
      timeoutMs,
      () => `the child did not report ready (stderr: ${this.stderr})`,
    );
  }

  height(height: number, timeoutMs: number): Promise<void> {
    if (this.maxHeight >= height) return Promise.resolve();
    return withTimeout(
      new Promise((resolve) => this.heightWaiters.push({ height, resolve })),
      timeoutMs,
      () => `height ${height} not reached (at ${this.maxHeight}; stderr: ${this.stderr})`,
    );
  }

  private onLine(line: string): void {
    const event = JSON.parse(line) as ChildEvent;
    if (event.event === 'ready') {
      this.readyEvent = event;
      this.maxHeight = event.height;
      for (const waiter of this.readyWaiters.splice(0)) waiter(event);
    } else if (event.event === 'block') {
      this.maxHeight = Math.max(this.maxHeight, event.height);
      const due = this.heightWaiters.filter((w) => w.height <= this.maxHeight);
      this.heightWaiters = this.heightWaiters.filter((w) => w.height > this.maxHeight);
      for (const waiter of due) waiter.resolve();
    } else if (event.event === 'accepted') {
      for (const id of event.ids) this.reported.add(id);
    } else {
      this.forgingErrors.push(event.message);
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message())), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** mulberry32, for kill moments that are random but the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The acknowledged ids: complete lines only (a line cut by the kill was never reported). */
function loggedIds(logFile: string): string[] {
  if (!existsSync(logFile)) return [];
  const text = readFileSync(logFile, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean);
}

/** Ids in blocks and in the pool, read in one snapshot (a forged transaction moves atomically). */
function chainAndPoolIds(dataDir: string): { forged: Set<string>; pooled: Set<string> } {
  const db = new Database(join(dataDir, 'localnet', 'chain.db'), { readonly: true });
  try {
    return db.transaction(() => {
      const ids = (sql: string) =>
        new Set(
          db
            .prepare<[], { id: string }>(sql)
            .all()
            .map((row) => row.id),
        );
      return { forged: ids('SELECT id FROM transactions'), pooled: ids('SELECT id FROM pool') };
    })();
  } finally {
    db.close();
  }
}

function expectNoLostTransaction(dataDir: string, logFile: string): { logged: number; pooled: number } {
  const logged = loggedIds(logFile);
  const { forged, pooled } = chainAndPoolIds(dataDir);
  const lost = logged.filter((id) => !forged.has(id) && !pooled.has(id));
  expect(lost, `acknowledged transactions lost: ${lost.join(', ')}`).toEqual([]);
  return { logged: logged.length, pooled: pooled.size };
}

const workDir = mkdtempSync(join(tmpdir(), 'votary-crash-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('crash test: SIGKILL under load, then restart', () => {
  it(`survives ${KILLS} kills with a verified chain and no acknowledged transaction lost`, async () => {
    const dataDir = join(workDir, 'data');
    const logFile = join(workDir, 'accepted.log');
    const next = random(SEED);
    let highestSeen = 1;
    let grewBeforeKill = 0;
    let longLived = 0;

    for (let kill = 0; kill < KILLS; kill++) {
      const run = new Incarnation(dataDir, logFile, SEED + kill);
      const ready = await run.ready(30_000);
      expect(ready.differences).toEqual([]);
      expect(ready.verified).toBe(true);
      // Every block reported before the last kill was committed.
      expect(ready.height).toBeGreaterThanOrEqual(highestSeen);
      expectNoLostTransaction(dataDir, logFile);

      const delay = 300 + Math.floor(next() * 1700);
      await new Promise((resolve) => setTimeout(resolve, delay));
      run.child.kill('SIGKILL');
      const exit = await run.exited;
      expect(exit.signal).toBe('SIGKILL');
      expect(run.forgingErrors).toEqual([]);
      // What the child reported on stdout it had logged first.
      const logged = new Set(loggedIds(logFile));
      expect([...run.reported].filter((id) => !logged.has(id))).toEqual([]);
      if (delay >= 1500) {
        longLived++;
        if (run.maxHeight > ready.height) grewBeforeKill++;
      }
      highestSeen = Math.max(highestSeen, run.maxHeight);
    }
    // A block per second: an incarnation that lived 1.5 s after ready forged (allow one slow start).
    expect(grewBeforeKill).toBeGreaterThanOrEqual(Math.max(0, longLived - 1));

    // The last run: the chain continues, then a clean stop.
    const last = new Incarnation(dataDir, logFile, SEED + KILLS);
    const ready = await last.ready(30_000);
    expect(ready.verified).toBe(true);
    expect(ready.height).toBeGreaterThanOrEqual(highestSeen);
    expectNoLostTransaction(dataDir, logFile);
    await last.height(ready.height + 2, 15_000);
    last.child.kill('SIGTERM');
    expect((await last.exited).code).toBe(0);
    const totals = expectNoLostTransaction(dataDir, logFile);
    expect(totals.logged).toBeGreaterThan(KILLS * 10);

    const verify = spawnSync(process.execPath, [CLI, 'node', 'verify', '--data-dir', dataDir], {
      encoding: 'utf8',
    });
    expect(verify.status, verify.stderr).toBe(0);
    expect((JSON.parse(verify.stdout) as { verified: boolean }).verified).toBe(true);
  }, 150_000);
});
