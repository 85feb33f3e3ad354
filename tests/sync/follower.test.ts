/**
 * The follower (src/core/sync) against Votary peers in this process: a forging localnet chain with every kind of
 * transaction the API tests use (tests/api/support/api-chain.ts), followed by a second node that verifies and
 * stores each block, serves the same answers, follows new blocks, resolves a fork, and bans a lying peer while an
 * honest one keeps the sync going.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiChain, type ApiChain } from '../api/support/api-chain';
import { verifyChain } from '../../src/core/node/block-store';
import { localnet } from '../../src/core/node/localnet';
import { blockHeaderFromJson, computeBlockId } from '../../src/core/protocol/blocks';
import {
  flipHex,
  peersFetch,
  peerUrl,
  startFollower,
  until,
  type FollowerUnderTest,
  type Rewrite,
} from './support';

let peer: ApiChain;
let follower: FollowerUnderTest | undefined;

beforeEach(async () => {
  peer = await startApiChain();
});

afterEach(async () => {
  await follower?.close();
  follower = undefined;
  await peer.close();
});

const HONEST = 14101;
const LIAR = 14102;

async function get(server: ApiChain['server'], path: string): Promise<unknown> {
  const answer = await server.publicApp.inject({ url: `/api${path}`, headers: { host: '127.0.0.1:4003' } });
  return answer.json();
}

describe('following a Votary peer', () => {
  it('verifies and stores every block, then serves the same answers as the peer', async () => {
    follower = await startFollower([peerUrl(HONEST)], peersFetch({ [HONEST]: { server: peer.server } }));
    const f = follower;
    await until(() => f.node.height === peer.node.height && f.follower.status().state === 'synced', 'sync');

    for (let height = 1; height <= peer.node.height; height++) {
      expect(f.node.headerAt(height)?.id).toBe(peer.node.headerAt(height)?.id);
    }
    expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
    for (const path of [
      `/wallets/${peer.txs.helloTransfer.recipientId}`,
      '/transactions?orderBy=timestamp:asc&limit=100',
      '/blocks?limit=100',
      '/delegates?limit=100',
      `/locks`,
      '/votes',
      '/blockchain',
    ]) {
      expect(await get(f.server, path), path).toEqual(await get(peer.server, path));
    }
    expect(f.follower.status()).toMatchObject({ state: 'synced', blocksBehind: 0, height: peer.node.height });
  });

  it('picks up new blocks as the peer forges them', async () => {
    follower = await startFollower([peerUrl(HONEST)], peersFetch({ [HONEST]: { server: peer.server } }));
    const f = follower;
    await until(() => f.node.height === peer.node.height, 'sync');
    peer.step();
    peer.step();
    await until(() => f.node.height === peer.node.height, 'the two new blocks');
    expect(f.node.lastBlock().id).toBe(peer.node.lastBlock().id);
  });

  it('follows a fork: reverts to the common ancestor and applies the peer’s blocks', async () => {
    follower = await startFollower([peerUrl(HONEST)], peersFetch({ [HONEST]: { server: peer.server } }));
    const f = follower;
    await until(() => f.node.height === peer.node.height, 'sync');
    const forkedAt = peer.node.height - 1;
    const replaced = peer.node.headerAt(forkedAt)!.id;
    peer.node.revertBlocks(2);
    // Three blocks in later slots: the same heights with other ids, and one more (a fork is followed only to a
    // longer chain).
    peer.clock.now += peer.blockTime * 1000;
    peer.step();
    peer.step();
    peer.step();
    await until(() => f.node.headerAt(forkedAt)?.id === peer.node.headerAt(forkedAt)?.id, 'the fork');
    await until(() => f.node.height === peer.node.height, 'the peer’s chain');
    expect(f.node.headerAt(forkedAt)?.id).not.toBe(replaced);
    expect(f.logs.some((line) => line.includes(`reverted 2 block(s) to height ${forkedAt - 1}`))).toBe(true);
    expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
  });

  it('puts a transaction of a reverted block that the new chain lacks back into its pool', async () => {
    follower = await startFollower([peerUrl(HONEST)], peersFetch({ [HONEST]: { server: peer.server } }));
    const f = follower;
    const pending = peer.txs.pending.id!;
    // The peer forges its pending transfer; the follower stores that block.
    peer.step();
    await until(() => f.node.height === peer.node.height, 'the block with the transfer');
    expect(await get(f.server, `/transactions/${pending}`)).toMatchObject({ data: { id: pending } });
    // The peer drops that block (and forgets the transfer), then forges two others at later slots.
    peer.node.revertBlocks(1, { returnToPool: false });
    peer.clock.now += peer.blockTime * 1000;
    peer.step();
    peer.step();
    await until(() => f.node.lastBlock().id === peer.node.lastBlock().id, 'the peer’s chain');
    expect(await get(f.server, `/transactions/${pending}`)).toMatchObject({ statusCode: 404 });
    // Still valid on the new chain (its sender's nonce is free again): pending at the follower, as ARK Core does.
    expect(await get(f.server, `/transactions/unconfirmed/${pending}`)).toMatchObject({
      data: { id: pending },
    });
  });
});

/**
 * Follows a liar (claiming to be ahead) that rewrites some answers, and an honest peer that answers only once the
 * liar is banned (so that the liar is asked, whatever the peer choice); waits for the sync to complete through the
 * honest one and returns the liar's ban line.
 */
async function syncBesideLiar(rewrite: Rewrite): Promise<FollowerUnderTest & { ban: string | undefined }> {
  let banned = false;
  const fetch = peersFetch({
    [LIAR]: { server: peer.server, claimsAhead: 5, rewrite },
    [HONEST]: { server: peer.server, down: () => follower !== undefined && !banned },
  });
  follower = await startFollower([peerUrl(LIAR), peerUrl(HONEST)], fetch, {}, false);
  const f = follower;
  f.follower.on('status', (status) => {
    banned ||= status.peers.some((p) => p.url === peerUrl(LIAR) && p.banned !== undefined);
  });
  f.follower.start();
  await until(() => f.node.height === peer.node.height, 'sync through the honest peer');
  return { ...f, ban: f.logs.find((line) => line.startsWith(`peer ${peerUrl(LIAR)} banned`)) };
}

describe('a lying peer', () => {
  it('serving a transaction with a flipped byte is banned, and the honest peer completes the sync', async () => {
    const target = peer.heights.transfers;
    const f = await syncBesideLiar((url, body) => {
      // A block's transactions: its own page, or a page of several blocks' (`/transactions?blockId=a,b`).
      const blocksTransactions =
        url.pathname.endsWith('/transactions') &&
        (url.pathname.includes('/blocks/') || url.searchParams.has('blockId'));
      if (!blocksTransactions) return body;
      const page = body as { data: { signature: string; blockHeight: number }[] };
      for (const tx of page.data) if (tx.blockHeight === target) tx.signature = flipHex(tx.signature);
      return body;
    });
    expect(f.ban).toMatch(new RegExp(`block ${target}: transaction 0 is served as`));
    expect(f.follower.status().peers.find((p) => p.url === peerUrl(LIAR))?.banned?.reason).toMatch(
      `block ${target}`,
    );
    expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
  });

  it('serving a block with a changed total is refused: its id no longer matches its header', async () => {
    // Caught before any state is read: the id is the hash of the header (protocol.md §6.1).
    const target = peer.heights.transfers;
    const f = await syncBesideLiar((url, body) => {
      if (url.pathname !== '/api/blocks') return body;
      const page = body as { data: { height: number; totalFee: string }[] };
      for (const block of page.data) if (block.height === target) block.totalFee = '1';
      return body;
    });
    expect(f.ban).toMatch(new RegExp(`block ${target}: its id is`));
  });

  it('claiming more transactions in a block than its milestone allows is refused before they are asked for', async () => {
    const target = peer.heights.transfers;
    const f = await syncBesideLiar((url, body) => {
      if (url.pathname !== '/api/blocks') return body;
      const page = body as { data: { height: number; numberOfTransactions: number }[] };
      for (const block of page.data) if (block.height === target) block.numberOfTransactions = 1_000_000;
      return body;
    });
    expect(f.ban).toMatch(new RegExp(`block ${target}: the header counts 1000000 transactions, more than`));
  });

  it('offering a fork of blocks that are not signed is banned, and nothing is reverted', async () => {
    // Honest until `tip` is set (it is asked first: it claims to be ahead).
    let tip = 0;
    const fetch = peersFetch({
      [LIAR]: {
        server: peer.server,
        claimsAhead: 5,
        // Our tip's block with another timestamp and the id recomputed for it, but the old signature.
        rewrite: (url, body) => {
          if (url.pathname !== '/api/blocks') return body;
          const page = body as { data: Record<string, unknown>[] };
          page.data = page.data.map((json) => {
            if (json.height !== tip) return json;
            const header = blockHeaderFromJson({ ...json, timestamp: (json.timestamp as number) + 1 });
            return { ...json, timestamp: header.timestamp, id: computeBlockId(header, localnet).id };
          });
          return body;
        },
      },
      [HONEST]: { server: peer.server },
    });
    follower = await startFollower([peerUrl(HONEST), peerUrl(LIAR)], fetch);
    const f = follower;
    await until(() => f.node.height === peer.node.height, 'sync through the honest peer');
    tip = f.node.height;
    const ours = f.node.lastBlock().id;
    await until(() => f.logs.some((line) => line.startsWith(`peer ${peerUrl(LIAR)} banned`)), 'the ban');
    expect(f.logs.find((line) => line.startsWith(`peer ${peerUrl(LIAR)} banned`))).toMatch(
      new RegExp(`block ${tip} \\(\\d+|[0-9a-f]+\\): its signature does not verify`),
    );
    expect(f.logs.some((line) => line.startsWith('fork:'))).toBe(false);
    expect(f.node.height).toBe(tip);
    expect(f.node.lastBlock().id).toBe(ours);
  });

  it('of another network is refused at discovery, naming both networks', async () => {
    const fetch = peersFetch({
      [LIAR]: {
        server: peer.server,
        rewrite: (url, body) => {
          if (!url.pathname.endsWith('/configuration/crypto')) return body;
          const config = body as { data: { network: { nethash: string; name: string } } };
          config.data.network.nethash = flipHex(config.data.network.nethash);
          config.data.network.name = 'othernet';
          return body;
        },
      },
      [HONEST]: { server: peer.server },
    });
    follower = await startFollower([peerUrl(HONEST), peerUrl(LIAR)], fetch);
    expect(follower.discovery.peers).toEqual([peerUrl(HONEST)]);
    expect(follower.discovery.refused).toEqual([
      {
        url: peerUrl(LIAR),
        reason: expect.stringMatching(
          /serves the network othernet \(nethash [0-9a-f]{64}\), not localnet/,
        ) as unknown,
      },
    ]);
  });
});

describe('a peer that stops answering', () => {
  it('is failed over: the other peer completes the sync', async () => {
    let down = false;
    let asked = false;
    const fetch = peersFetch({
      [LIAR]: {
        server: peer.server,
        down: () => {
          asked ||= down;
          return down;
        },
      },
      // Answers once the follower asked the other peer (so that it is asked, whatever the peer choice).
      [HONEST]: { server: peer.server, down: () => down && !asked },
    });
    follower = await startFollower([peerUrl(LIAR), peerUrl(HONEST)], fetch, {}, false);
    down = true;
    const f = follower;
    f.follower.start();
    await until(() => f.node.height === peer.node.height, 'sync through the other peer');
    const gone = f.follower.status().peers.find((p) => p.url === peerUrl(LIAR));
    expect(gone?.lastError).toMatch(/nothing listens/);
    expect(gone?.banned).toBeUndefined();
  });
});

describe('honest limits', () => {
  it('stops before a block on the network’s exceptions list and stores nothing past it', async () => {
    const excepted = peer.node.headerAt(peer.heights.transfers)!.id!;
    follower = await startFollower([peerUrl(HONEST)], peersFetch({ [HONEST]: { server: peer.server } }), {
      exceptions: { blocks: new Set([excepted]), transactions: new Set() },
    });
    const f = follower;
    await f.follower.finished();
    expect(f.node.height).toBe(peer.heights.transfers - 1);
    expect(f.follower.status()).toMatchObject({
      state: 'stopped',
      error: {
        code: 'ERR_SYNC_UNSUPPORTED',
        message: expect.stringContaining(`block ${peer.heights.transfers} (${excepted})`) as unknown,
      },
    });
  });

  it('refuses version 2 transactions from before the network’s aip11 milestone as the peer’s, storing none of them', async () => {
    // The peer serves its chain as a network whose aip11 milestone comes later (as ARK mainnet's came at height
    // 11,273,000): its version 2 transactions before it are invalid there (crypto isSupportedTransactionVersion),
    // while the version-1 era itself is applied (tests/node/block-store/v1-era.test.ts).
    const first = firstHeightWithTransactions(peer);
    const lateAip11: Rewrite = (url, body) => {
      if (url.pathname !== '/api/node/configuration/crypto') return body;
      const answer = body as { data: { milestones: { height: number; aip11?: boolean }[] } };
      // The genesis block keeps its version 2 transactions (aip11 at height 1); the blocks after it do not.
      const milestones = [
        ...answer.data.milestones,
        { height: 2, aip11: false },
        { height: first + 1, aip11: true },
      ];
      return { ...answer, data: { ...answer.data, milestones } };
    };
    follower = await startFollower(
      [peerUrl(HONEST)],
      peersFetch({ [HONEST]: { server: peer.server, rewrite: lateAip11 } }),
    );
    const f = follower;
    expect(f.discovery.network.milestones.at(-1)).toMatchObject({ height: first + 1, aip11: true });
    await until(() => f.logs.some((line) => line.includes('banned')), 'the ban');
    expect(f.logs.find((line) => line.includes('banned'))).toMatch(
      new RegExp(`block ${first}: transaction 0 .* does not decode: Transaction version 2 is not supported`),
    );
    // Nothing of that block is stored (the run it came in is dropped with the peer).
    expect(f.node.height).toBeLessThan(first);
  });
});

function firstHeightWithTransactions(chain: ApiChain): number {
  for (let height = 2; height <= chain.node.height; height++) {
    if ((chain.node.headerAt(height)?.numberOfTransactions ?? 0) > 0) return height;
  }
  throw new Error('the peer chain has no transactions');
}
