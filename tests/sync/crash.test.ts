/**
 * A follower killed while it syncs: `votary node --follow` (a real process) syncing 8,000 blocks from a Votary peer
 * served by this process is killed with SIGKILL 10 times at seeded moments while it syncs, and restarted on the
 * same data directory each time. Every restart resumes at least where the last one's ready line said, never lower
 * than before; the last one reaches the peer's height; then `votary node verify` replays the stored chain and
 * finds it equal to its state.
 */
import { nodeParts } from '../../src/core/node/parts';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { LocalNode } from '../../src/core/node/node';
import { createTestChain, forgeBlock } from '../node/support/chain-fixture';

const CLI = join(import.meta.dirname, '..', '..', 'scripts', 'votary.mjs');
const BLOCKS = 8_000;
const KILLS = 10;
const SEED = 20261125;

let peerDir: string;
let followerDir: string;
let peer: LocalNode;
let api: ApiServer;
let peerUrl: string;

/** Seeded moments (ms after the ready line), so a failure can be replayed. */
function moments(count: number): number[] {
  let state = SEED;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return 400 + (state % 2_000);
  });
}

interface Run {
  readyHeight: number;
  stdout: string;
  stderr: string;
}

/** Starts the follower; kills it `killAfterMs` after its ready line, or lets it sync and stops it cleanly. */
function follow(killAfterMs: number | undefined): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [CLI, 'node', '--follow', peerUrl, '--data-dir', followerDir, '--port', '0', '--public-port', '0'],
      { stdio: 'pipe' },
    );
    let stdout = '';
    let stderr = '';
    let readyHeight = -1;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const ready = /votary node ready: .* height (\d+), data dir/.exec(stdout);
      if (ready && readyHeight < 0) {
        readyHeight = Number(ready[1]);
        if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
      if (killAfterMs === undefined && stdout.includes(`synced: height ${BLOCKS + 1}`)) child.kill('SIGTERM');
    });
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the follower did not finish: ${stdout} ${stderr}`));
    }, 60_000);
    child.on('exit', () => {
      clearTimeout(guard);
      resolve({ readyHeight, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  const chain = createTestChain();
  peerDir = mkdtempSync(join(tmpdir(), 'votary-sync-crash-peer-'));
  followerDir = mkdtempSync(join(tmpdir(), 'votary-sync-crash-'));
  peer = await LocalNode.start({
    dataDir: peerDir,
    followed: { network: chain.network, genesis: chain.genesis },
  });
  for (let i = 0; i < BLOCKS; i++) peer.applyBlock(forgeBlock(chain, nodeParts(peer).store));
  api = createApiServer({ node: peer, port: 0, publicPort: 0 });
  peerUrl = (await api.listen()).publicUrl;
}, 120_000);

afterAll(async () => {
  await api?.close();
  await peer?.stop();
  rmSync(peerDir, { recursive: true, force: true });
  rmSync(followerDir, { recursive: true, force: true });
});

describe('a follower killed while it syncs', () => {
  it('resumes after every SIGKILL, reaches the peer, and `votary node verify` passes', async () => {
    const heights: number[] = [];
    for (const moment of moments(KILLS)) {
      const run = await follow(moment);
      expect(run.readyHeight, run.stderr).toBeGreaterThanOrEqual(heights.at(-1) ?? 1);
      heights.push(run.readyHeight);
    }
    // The kills landed while it synced: it started from genesis, and several later starts resumed mid-chain.
    expect(heights[0]).toBe(1);
    const midChain = heights.filter((height) => height > 1 && height < BLOCKS + 1);
    expect(new Set(midChain).size, `start heights ${heights.join(', ')}`).toBeGreaterThanOrEqual(3);

    const last = await follow(undefined);
    expect(last.stdout).toContain(`synced: height ${BLOCKS + 1}`);
    const verified = spawnSync(
      process.execPath,
      [CLI, 'node', 'verify', '--data-dir', followerDir, '--network', 'votarytest'],
      {
        encoding: 'utf8',
      },
    );
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ verified: true, height: BLOCKS + 1 });
  }, 180_000);
});
