/**
 * `votary node --follow` against a `votary node` forging localnet, both real processes: the follower syncs and keeps
 * following, `/node/syncing` and `/peers` tell the truth, a follower killed (SIGKILL) while it syncs restarts where
 * it stopped and `votary node verify` passes on its chain, and bad peers are clear errors.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const votary = join(import.meta.dirname, '..', '..', 'scripts', 'votary.mjs');
const FREE_PORTS = ['--port', '0', '--public-port', '0'];
const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-cli-follow-'));
  dirs.push(dir);
  return dir;
}

interface Running {
  child: ChildProcessWithoutNullStreams;
  publicUrl: string;
  output: () => string;
  errors: () => string;
  exited: Promise<number | null>;
}

/** Starts `votary node …` and resolves once its ready line names the public API. */
function start(args: string[]): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [votary, 'node', ...args, ...FREE_PORTS], { stdio: 'pipe' });
    children.push(child);
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const guard = setTimeout(() => reject(new Error(`no ready line: ${stdout} ${stderr}`)), 30_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const url = /public API (http:\/\/127\.0\.0\.1:\d+\/api)/.exec(stdout);
      if (url) {
        clearTimeout(guard);
        resolve({ child, publicUrl: url[1]!, output: () => stdout, errors: () => stderr, exited });
      }
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${stdout} ${stderr}`)));
  });
}

async function get<T>(base: string, route: string): Promise<T> {
  const response = await fetch(`${base}${route}`);
  return ((await response.json()) as { data: T }).data;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let peer: Running;

beforeAll(async () => {
  peer = await start(['--data-dir', tempDir(), '--block-time', '1']);
  // A few dozen blocks to sync.
  await until(
    async () => (await get<{ block: { height: number } }>(peer.publicUrl, '/blockchain')).block.height >= 20,
    'the peer',
  );
}, 60_000);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('votary node --follow', () => {
  it('syncs, follows new blocks, and tells the truth on /node/syncing and /peers', async () => {
    const dataDir = tempDir();
    const follower = await start(['--follow', peer.publicUrl, '--data-dir', dataDir]);
    expect(follower.output()).toMatch(
      /^votary node ready: following localnet \(nethash [0-9a-f]{64}\) from 1 peer\(s\), height 1, /,
    );
    await until(() => Promise.resolve(follower.output().includes('synced: height')), 'synced');
    const target = (await get<{ block: { height: number } }>(peer.publicUrl, '/blockchain')).block.height + 2;
    await until(
      async () => (await get<{ height: number }>(follower.publicUrl, '/node/syncing')).height >= target,
      'new blocks',
    );
    const [theirs, ours] = await Promise.all([
      get<{ id: string }>(peer.publicUrl, `/blocks/${target}`),
      get<{ id: string }>(follower.publicUrl, `/blocks/${target}`),
    ]);
    expect(ours.id).toBe(theirs.id);
    const peers = await get<{ ip: string; port: number; height: number }[]>(follower.publicUrl, '/peers');
    expect(peers).toEqual([
      expect.objectContaining({ ip: '127.0.0.1', port: Number(new URL(peer.publicUrl).port) }),
    ]);
    expect(peers[0]!.height).toBeGreaterThanOrEqual(target);
    const syncing = await get<{ syncing: boolean; blocks: number }>(follower.publicUrl, '/node/syncing');
    expect(syncing.blocks).toBeLessThanOrEqual(2);
    follower.child.kill('SIGTERM');
    expect(await follower.exited).toBe(0);
  }, 60_000);

  it('restarts where a SIGKILL stopped it, and `votary node verify` passes on its chain', async () => {
    const dataDir = tempDir();
    const heights: number[] = [];
    for (let kill = 0; kill < 3; kill++) {
      const follower = await start(['--follow', peer.publicUrl, '--data-dir', dataDir]);
      heights.push(Number(/height (\d+), data dir/.exec(follower.output())![1]));
      // Killed once it has stored blocks beyond those it started with (its API answers from its own database), at a
      // moment its follower is mid-sync or polling: not after a fixed sleep, which a busy machine outran.
      const from = heights[kill]!;
      await until(
        async () => (await get<{ height: number }>(follower.publicUrl, '/node/syncing')).height > from,
        'blocks stored',
      );
      follower.child.kill('SIGKILL');
      await follower.exited;
    }
    // Each start resumes from what the last one stored (never from scratch once something was stored).
    expect(heights[0]).toBe(1);
    expect(heights[2]).toBeGreaterThan(1);
    const [directory] = readdirSync(dataDir).filter((name) => /^[0-9a-f]{64}$/.test(name));
    const verified = runCli('node', 'verify', '--data-dir', dataDir, '--network', directory!);
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ verified: true });
  }, 90_000);

  it('refuses a URL that is not a peer, and a peer that does not answer, each with one clear line', () => {
    const notUrl = runCli('node', '--follow', 'not a url', '--data-dir', tempDir());
    expect(notUrl.code).not.toBe(0);
    expect(notUrl.stderr).toMatch(/--follow: "not a url" is not a peer URL/);
    const notP2p = runCli(
      'node',
      '--follow',
      'http://127.0.0.1:1/api',
      '--p2p',
      'no port',
      '--data-dir',
      tempDir(),
    );
    expect(notP2p.code).toBe(2);
    expect(notP2p.stderr).toMatch(/--p2p: "no port" is not a P2P address \(host:port\)/);
    const nobody = runCli(
      'node',
      '--follow',
      'http://127.0.0.1:1/api',
      '--data-dir',
      tempDir(),
      ...FREE_PORTS,
    );
    expect(nobody.code).not.toBe(0);
    expect(nobody.stderr.trim().split('\n')).toHaveLength(1);
    expect(nobody.stderr).toMatch(/no peer described a network to follow/);
  });
});
