/**
 * Batched commits (docs/design/sync.md "Batched commits"): far behind its peers the follower stores a whole run in
 * one SQLite transaction, near the tip one block per transaction. Watched from a second connection to the
 * follower's database (what another process, or a crash, sees): a batch is never seen half-applied; a crash in the
 * middle of one leaves the last committed block, from which a restarted follower resumes to a chain equal to a
 * fresh sync's; a block refused in the middle of a batch leaves the verified blocks before it committed and bans
 * its peer as before. The node's side (a refused block, a local fault) is tested in
 * tests/node/block-store/apply-batch.test.ts.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../src/core/api';
import { PeerPool, type FetchLike } from '../../src/core/client';
import { verifyChain } from '../../src/core/node/block-store';
import { LocalNode } from '../../src/core/node/node';
import { chainDirectoryName } from '../../src/core/node/chain-files';
import { nodeParts } from '../../src/core/node/parts';
import { blockHeaderFromJson, computeBlockId, type Block } from '../../src/core/protocol/blocks';
import { discoverFollowedNetwork, Follower, type FollowedNode } from '../../src/core/sync';
import { createTestChain, type TestChain } from '../node/support/chain-fixture';
import { peersFetch, peerUrl, startEmptyChainPeer, until, type EmptyChainPeer } from './support';

/** More than the follower's "far behind" distance (2 × 400 blocks), so that its first runs are batches. */
const BLOCKS = 1_000;
const HONEST = 14301;
const LIAR = 14302;

let chain: TestChain;
let peerChain: EmptyChainPeer;
let peer: LocalNode;
let server: ApiServer;
const dirs: string[] = [];

beforeAll(async () => {
  chain = createTestChain();
  peerChain = await startEmptyChainPeer(chain, BLOCKS);
  ({ node: peer, server } = peerChain);
}, 120_000);

afterAll(async () => {
  await peerChain?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The follower's node, with `seen` called before each block it is given to apply (inside the batch). */
function watched(node: LocalNode, seen: (block: Block) => void): FollowedNode {
  return {
    get height() {
      return node.height;
    },
    lastBlock: () => node.lastBlock(),
    roundDelegates: (round) => node.roundDelegates(round),
    headerAt: (height) => node.headerAt(height),
    applyBlocks: (blocks, before) =>
      node.applyBlocks(blocks, (block) => {
        seen(block);
        before?.(block);
      }),
    revertBlocks: (count) => node.revertBlocks(count),
    prepareBlocks: (blocks) => node.prepareBlocks(blocks),
  };
}

interface Following {
  node: LocalNode;
  follower: Follower;
  logs: string[];
  /** The follower's chain.db. */
  file: string;
  /** The highest block committed, as a second connection (another process) reads it. */
  committed(): number;
  close(): Promise<void>;
}

async function follow(
  urls: string[],
  fetch: FetchLike,
  seen: (block: Block, following: Following) => void,
  dataDir = mkdtempSync(join(tmpdir(), 'votary-batch-')),
  beforeStart: () => void = () => undefined,
): Promise<Following> {
  dirs.push(dataDir);
  const peerPool = new PeerPool(urls, { fetch, timeoutMs: 2_000 });
  const discovery = await discoverFollowedNetwork(peerPool);
  peerPool.setPeers(discovery.peers);
  const node = await LocalNode.start({
    dataDir,
    followed: { network: discovery.network, genesis: discovery.genesis },
  });
  const file = join(dataDir, chainDirectoryName(discovery.network), 'chain.db');
  const reader = new Database(file, { readonly: true });
  const highest = reader.prepare<[], { height: number }>('SELECT max(height) AS height FROM blocks');
  const logs: string[] = [];
  const following: Following = {
    node,
    logs,
    file,
    committed: () => highest.get()!.height,
    follower: undefined as unknown as Follower,
    async close() {
      await following.follower.stop();
      reader.close();
      await node.stop();
    },
  };
  following.follower = new Follower({
    node: watched(node, (block) => seen(block, following)),
    network: discovery.network,
    peerPool,
    exceptions: discovery.exceptions,
    pollMs: 20,
    apiRateLimit: 'none',
    log: (line) => logs.push(line),
  });
  beforeStart();
  following.follower.start();
  return following;
}

/**
 * Copies the database files as a process killed now would leave them (its page cache is never written) into the
 * data directory `dataDir`, where a follower of the same chain would open them.
 */
function copyAsCrashed(file: string, dataDir: string): void {
  const target = join(dataDir, chainDirectoryName(chain.network));
  mkdirSync(target, { recursive: true });
  for (const suffix of ['', '-wal']) {
    if (existsSync(file + suffix)) copyFileSync(file + suffix, join(target, `chain.db${suffix}`));
  }
}

describe('batched commits while far behind', () => {
  it('a batch is never seen half-applied; a crash inside one resumes at the last commit to a freshly synced state', async () => {
    const fetch = peersFetch({ [HONEST]: { server } });
    // What a second connection saw committed when each block was about to be applied.
    const committedBefore = new Map<number, number>();
    const crashDir = mkdtempSync(join(tmpdir(), 'votary-batch-crash-'));
    dirs.push(crashDir);
    let crashedAt: { height: number; committed: number } | undefined;
    const f = await follow([peerUrl(HONEST)], fetch, (block, following) => {
      const committed = following.committed();
      committedBefore.set(block.header.height, committed);
      // In the middle of the first batch (blocks 2–100), several blocks applied and none committed.
      if (crashedAt === undefined && block.header.height === 51) {
        copyAsCrashed(following.file, crashDir);
        crashedAt = { height: block.header.height, committed };
      }
    });
    try {
      await until(() => f.node.height === peer.height, 'the sync', 60_000);
      // Far behind: the first run's blocks (2–100: 100 heights from the tip) were applied in one transaction,
      // committed when it ended.
      expect(committedBefore.get(2)).toBe(1);
      expect(committedBefore.get(51)).toBe(1);
      expect(committedBefore.get(100)).toBe(1);
      expect(committedBefore.get(101)).toBe(100);
      // Whatever the batch, nothing above the block before the one being applied was ever committed.
      for (const [height, committed] of committedBefore) expect(committed).toBeLessThan(height);
      // Near the tip, one block per transaction: each block committed before the next is applied.
      for (let height = BLOCKS - 50; height <= BLOCKS + 1; height++) {
        expect(committedBefore.get(height), `block ${height}`).toBe(height - 1);
      }
      expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
    } finally {
      await f.close();
    }

    // The crashed copy holds what was committed — the genesis block only — and nothing of the batch.
    expect(crashedAt).toEqual({ height: 51, committed: 1 });
    const resumed = await follow([peerUrl(HONEST)], fetch, () => undefined, crashDir);
    try {
      expect(resumed.node.height).toBe(1);
      await until(() => resumed.node.height === peer.height, 'the resumed sync', 60_000);
      // Replaying every stored block on an empty chain gives the stored state: equal to a fresh sync.
      const verification = verifyChain(nodeParts(resumed.node).store);
      expect(verification.differences).toEqual([]);
      expect(verification.verified).toBe(true);
      expect(resumed.node.lastBlock().id).toBe(peer.lastBlock().id);
    } finally {
      await resumed.close();
    }
  }, 180_000);

  it('a block refused in the middle of a batch: the verified blocks before it are committed, its peer is banned', async () => {
    const target = 60;
    let banned = false;
    let discovered = false;
    const fetch = peersFetch({
      [LIAR]: {
        server,
        claimsAhead: 5,
        // Block `target` with another timestamp and the id recomputed for it, but the old signature: it passes the
        // download's checks (its id is its header's hash) and fails Block.verify.
        rewrite: (url, body) => {
          if (url.pathname !== '/api/blocks') return body;
          const page = body as { data: Record<string, unknown>[] };
          page.data = page.data.map((json) => {
            if (json.height !== target) return json;
            const header = blockHeaderFromJson({ ...json, timestamp: (json.timestamp as number) + 1 });
            return { ...json, timestamp: header.timestamp, id: computeBlockId(header, chain.network).id };
          });
          return body;
        },
      },
      // Answers discovery, then only once the liar is banned, so that the liar serves the first runs.
      [HONEST]: { server, down: () => discovered && !banned },
    });
    let committedAtBan: number | undefined;
    const f = await follow(
      [peerUrl(LIAR), peerUrl(HONEST)],
      fetch,
      () => undefined,
      undefined,
      () => (discovered = true),
    );
    f.follower.on('status', (status) => {
      if (banned || !status.peers.some((p) => p.url === peerUrl(LIAR) && p.banned !== undefined)) return;
      banned = true;
      committedAtBan = f.committed();
    });
    try {
      await until(() => f.node.height === peer.height, 'the sync through the honest peer', 60_000);
      const ban = f.logs.find((line) => line.startsWith(`peer ${peerUrl(LIAR)} banned`));
      expect(ban).toMatch(
        new RegExp(
          `block ${target} \\([0-9a-f]+\\): block ${target} is invalid: Failed to verify block signature`,
        ),
      );
      // Blocks 2 to target - 1 of the batch verified: they were committed before the peer was banned.
      expect(committedAtBan).toBe(target - 1);
      expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
    } finally {
      await f.close();
    }
  }, 120_000);
});
