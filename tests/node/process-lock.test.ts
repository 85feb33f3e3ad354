/**
 * One process per data directory and per chain database (docs/design/security.md "One process per profile"):
 * a second core or node on the same files is refused with a message naming the holder; a lock left by a
 * SIGKILLed process is free again at once; the CLI refuses in one line with a non-zero exit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessLockError, ProcessLock, ProcessLockError } from '../../src/core/fs/process-lock';
import { LocalNode } from '../../src/core/node/node';
import { openCore } from '../services/support';

const votary = join(import.meta.dirname, '..', '..', 'scripts', 'votary.mjs');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-lock-'));
  dirs.push(dir);
  return dir;
}

async function refusal(open: () => Promise<unknown>): Promise<ProcessLockError> {
  const error = await open().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isProcessLockError(error)) throw new Error(`expected a ProcessLockError, got ${String(error)}`);
  return error;
}

/** Starts `votary node` on a data dir and resolves once it printed its ready line. */
function startNodeProcess(dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [votary, 'node', '--data-dir', dataDir, '--port', '0', '--public-port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`votary node exited ${code} before ready`)));
  });
}

describe('process locks', () => {
  it('refuses a second core on the same data directory, naming the first, until it closes', async () => {
    const dir = tempDir();
    const first = await openCore(dir, { forging: false });
    const error = await refusal(() => openCore(dir, { forging: false }));
    expect(error.message).toMatch(
      /^The data directory .* is in use by another Votary process \(pid \d+, votary serve, since /,
    );
    expect(error.holder?.pid).toBe(process.pid);
    await first.close();
    const again = await openCore(dir, { forging: false });
    await again.close();
  });

  it('refuses a second node on the same chain database', async () => {
    const dir = tempDir();
    const node = await LocalNode.start({ dataDir: dir, forging: false });
    const error = await refusal(() => LocalNode.start({ dataDir: dir, forging: false }));
    expect(error.message).toMatch(/^The chain database .*chain\.db is in use by another Votary process/);
    await node.stop();
    await (await LocalNode.start({ dataDir: dir, forging: false })).stop();
  });

  it('refuses `votary node` in one line while another process holds the chain, and takes over after SIGKILL', async () => {
    const dir = tempDir();
    const holder = await startNodeProcess(dir);
    const second = spawnSync(
      process.execPath,
      [votary, 'node', '--data-dir', dir, '--port', '0', '--public-port', '0'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(second.status).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toMatch(
      new RegExp(
        `^votary: The chain database .* is in use by another Votary process \\(pid ${holder.pid}, votary node, since [^)]+\\); stop that process first, or use another data directory\\n$`,
      ),
    );
    // In this process too, while the child holds it.
    await refusal(() => LocalNode.start({ dataDir: dir, forging: false }));

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    // The holder file of the killed process is still there; the lock itself died with the process.
    expect(existsSync(join(dir, 'localnet', 'chain.db.lock.holder.json'))).toBe(true);
    const node = await LocalNode.start({ dataDir: dir, forging: false });
    expect(node.height).toBeGreaterThanOrEqual(1);
    await node.stop();
  });

  it('releases cleanly and may be taken again in the same process', () => {
    const path = join(tempDir(), 'x.lock');
    const lock = ProcessLock.acquire(path, 'x', 'test');
    expect(() => ProcessLock.acquire(path, 'x', 'test')).toThrow(ProcessLockError);
    lock.release();
    lock.release();
    ProcessLock.acquire(path, 'x', 'test').release();
  });
});
