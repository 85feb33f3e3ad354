/**
 * `votary serve` as `npm run bench:app` starts it: the CLI bundle (dist/votary.mjs) in a child process on a free
 * port (`--port 0`) and a given data directory, with a fixed token (VOTARY_SERVE_TOKEN). The spawn time and the
 * moment it prints its URL are what the cold-start figures count from.
 *
 * The bundle's `main`, as the `votary` bin (scripts/votary.mjs) runs it, without the bin's "sources newer than
 * the bundle?" check first: the bench has just built the bundle, and that check would rebuild it inside the
 * timed start whenever a source file is saved during the run, measuring esbuild rather than Votary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';

const URL_LINE = /^Votary browser shell: (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)$/;

export interface ServeProcess {
  url: string;
  /** Wall-clock ms (performance.timeOrigin + performance.now()) when the process was spawned. */
  spawnedAt: number;
  /** … and when its URL line arrived on stdout. */
  urlAt: number;
  stop(): Promise<void>;
}

/** High-resolution wall-clock ms, comparable with a page's performance.timeOrigin + performance.now(). */
export function wallClock(): number {
  return performance.timeOrigin + performance.now();
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** SIGTERM (serve stops its node cleanly), SIGKILL after `graceMs`. */
async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

export async function startServe(root: string, dataDir: string, timeoutMs = 60_000): Promise<ServeProcess> {
  const token = randomBytes(32).toString('base64url');
  const spawnedAt = wallClock();
  const bundle = pathToFileURL(join(root, 'dist', 'votary.mjs')).href;
  const run = `const { main } = await import(${JSON.stringify(bundle)}); process.exitCode = await main(process.argv.slice(1));`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', run, 'serve', '--port', '0', '--data-dir', dataDir],
    { cwd: root, env: { ...process.env, VOTARY_SERVE_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  try {
    const { url, urlAt } = await new Promise<{ url: string; urlAt: number }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`votary serve printed no URL within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        const match = URL_LINE.exec(line.trim());
        if (!match) return;
        clearTimeout(timer);
        resolve({ url: match[1]!, urlAt: wallClock() });
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`votary serve exited (${signal ?? code}) before printing its URL:\n${stderr}`));
      });
    });
    return { url, spawnedAt, urlAt, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}
