/**
 * Following through ARK Core's P2P interface (docs/design/sync.md "P2P"): a peer speaking core-p2p's protocol
 * (p2p-peer-server.ts) serves the chain; the follower downloads it with `getBlocks` and verifies every block as it
 * does the public API's. A hostile P2P peer — lying blocks, garbage frames, silence, answers out of order or too
 * long, a 429 — cannot crash, stop or mislead it: the public API peer completes the sync.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiChain, type ApiChain } from '../api/support/api-chain';
import { verifyChain } from '../../src/core/node/block-store';
import { decodeGetBlocksResponse, encodeGetBlocksResponse, P2pPeers } from '../../src/core/p2p';
import { p2pBlockOf, startP2pPeer, type P2pMutation, type P2pTestPeer } from './p2p-peer-server';
import { peersFetch, peerUrl, startFollower, until, type FollowerUnderTest } from './support';

let chain: ApiChain;
let p2pPeer: P2pTestPeer | undefined;
let follower: FollowerUnderTest | undefined;

const HTTP = 14301;
/** ARK's getBlocks limit scaled down (1 per 2 s in core-p2p) so that a test sees several requests quickly. */
const GET_BLOCKS_EVERY_MS = 150;

beforeEach(async () => {
  chain = await startApiChain();
});

afterEach(async () => {
  await follower?.close();
  follower = undefined;
  await p2pPeer?.close();
  p2pPeer = undefined;
  await chain.close();
});

function p2pPeers(url: string): P2pPeers {
  return new P2pPeers([url], {
    timeoutMs: 800,
    connectTimeoutMs: 800,
    getBlocksLimit: { limit: 1, windowMs: GET_BLOCKS_EVERY_MS },
  });
}

describe('following through a P2P peer', () => {
  it('syncs the whole chain through getBlocks alone, every block verified, within the peer’s limit', async () => {
    // Past two getBlocks answers (400 blocks each): the sync takes several, each within the limit.
    for (let i = 0; i < 850; i++) chain.step();
    p2pPeer = await startP2pPeer(chain.node, nodeParts(chain.node).store.network.network.nethash);
    let started = false;
    // The public API peer answers discovery only: every block comes over P2P.
    const fetch = peersFetch({ [HTTP]: { server: chain.server, down: () => started } });
    const peers = p2pPeers(p2pPeer.url);
    // When each getBlocks left the client: the peer here shares this thread with the follower, so the times it
    // sees them arrive are pushed about by the follower's own work (a late one brings the next one closer).
    const sentAt: number[] = [];
    const client = (peers.all()[0] as unknown as { client: { request: (...args: unknown[]) => unknown } })
      .client;
    const request = client.request.bind(client);
    client.request = (...args: unknown[]) => {
      if (args[0] === 'p2p.blocks.getBlocks') sentAt.push(Date.now());
      return request(...args);
    };
    follower = await startFollower([peerUrl(HTTP)], fetch, { p2p: peers }, false);
    started = true;
    const f = follower;
    f.follower.start();
    await until(() => f.node.height === chain.node.height, 'sync over P2P', 60_000);

    expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
    for (const height of [2, 401, 402, chain.node.height]) {
      expect(f.node.headerAt(height)?.id).toBe(chain.node.headerAt(height)?.id);
    }
    // (the last may still be on its way when the sync is seen complete)
    expect(p2pPeer.getBlocksAt.length).toBeLessThanOrEqual(sentAt.length);
    expect(sentAt.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < sentAt.length; i++) {
      // At least the limit apart (a millisecond of timer slack).
      expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(GET_BLOCKS_EVERY_MS - 1);
    }
    const status = f.follower.status().peers.find((peer) => peer.url === p2pPeer!.url);
    expect(status?.banned).toBeUndefined();
  });
});

describe('a P2P peer’s getBlocks limit', () => {
  it('is kept from when the connection is open: a slow handshake does not bring the next request closer', async () => {
    // The peer counts a request when it arrives (core-p2p's rate limiter). A slot taken before the handshake and
    // spent waiting for it would let the next request, sent on time, arrive less than the limit after it.
    for (let i = 0; i < 20; i++) chain.step();
    p2pPeer = await startP2pPeer(chain.node, nodeParts(chain.node).store.network.network.nethash, {
      getBlocksEveryMs: GET_BLOCKS_EVERY_MS,
      helloDelayMs: 120,
    });
    const peer = p2pPeers(p2pPeer.url).all()[0]!;
    const answers = await Promise.all([peer.getBlocks(1, 10), peer.getBlocks(11, 10)]);
    expect(answers.map((blocks) => blocks.map((block) => block.height))).toEqual([
      Array.from({ length: 10 }, (_, i) => i + 2),
      Array.from({ length: 10 }, (_, i) => i + 12),
    ]);
    expect(p2pPeer.refused).toBe(0);
    expect(p2pPeer.getBlocksAt[1]! - p2pPeer.getBlocksAt[0]!).toBeGreaterThanOrEqual(GET_BLOCKS_EVERY_MS);
  });
});

/** Flips the last byte of the first transaction of every block that has one (a signature byte). */
const flippedTransaction: P2pMutation = ({ path, answer }) => {
  if (path !== 'p2p.blocks.getBlocks') return undefined;
  const blocks = decodeGetBlocksResponse(answer).map((block) => {
    if (block.transactions.length === 0) return block;
    const [first, ...rest] = block.transactions;
    const flipped = Uint8Array.from(first!);
    flipped[flipped.length - 1]! ^= 0x01;
    return { ...block, transactions: [flipped, ...rest] };
  });
  return { payload: encodeGetBlocksResponse(blocks) };
};

/** Skips a height in the middle of the answer. */
const gap: P2pMutation = ({ path, answer }) => {
  if (path !== 'p2p.blocks.getBlocks') return undefined;
  const blocks = decodeGetBlocksResponse(answer);
  return blocks.length < 3
    ? undefined
    : { payload: encodeGetBlocksResponse(blocks.filter((_, i) => i !== 1)) };
};

describe('a hostile P2P peer', () => {
  const cases: [string, P2pMutation, 'ban' | 'fail'][] = [
    ['a transaction with a flipped byte is banned', flippedTransaction, 'ban'],
    ['a height skipped in an answer is banned', gap, 'ban'],
    [
      'garbage instead of a nes frame fails and backs off',
      ({ path }) =>
        path === 'p2p.blocks.getBlocks' ? { frame: Uint8Array.from([1, 2, 3, 4, 5]) } : undefined,
      'fail',
    ],
    [
      'a text frame fails and backs off',
      ({ path }) => (path === 'p2p.blocks.getBlocks' ? { frame: '{"blocks":[]}' } : undefined),
      'fail',
    ],
    [
      'silence times out and backs off',
      ({ path }) => (path === 'p2p.blocks.getBlocks' ? 'silence' : undefined),
      'fail',
    ],
    [
      'an answer to a request never made fails and backs off',
      ({ path, frame }) => {
        if (path !== 'p2p.blocks.getBlocks') return undefined;
        const other = Uint8Array.from(frame);
        other[5]! ^= 0x40; // another request id
        return { frame: other };
      },
      'fail',
    ],
    [
      // More than asked is a lie, as a public API page longer than asked is (block-download.ts).
      'more than 400 blocks in one answer is banned',
      ({ path }) => {
        if (path !== 'p2p.blocks.getBlocks') return undefined;
        const one = p2pBlockOf(chain.node, 2)!;
        return { payload: encodeGetBlocksResponse(Array.from({ length: 401 }, () => one)) };
      },
      'ban',
    ],
    [
      'a 429 is honoured, not a ban',
      ({ path, id }) => {
        if (path !== 'p2p.blocks.getBlocks') return undefined;
        const frame = new Uint8Array(14 + 19);
        const view = new DataView(frame.buffer);
        view.setUint8(1, 3);
        view.setUint32(2, id);
        view.setUint16(6, 429);
        frame.set(new TextEncoder().encode('Rate limit exceeded'), 14);
        return { frame };
      },
      'fail',
    ],
  ];

  for (const [name, mutation, outcome] of cases) {
    it(`${name}; the public API peer completes the sync`, async () => {
      p2pPeer = await startP2pPeer(chain.node, nodeParts(chain.node).store.network.network.nethash, mutation);
      const url = p2pPeer.url;
      let asked = false;
      // The public API peer answers (beyond discovery) only once the P2P peer was asked and judged, so that the
      // hostile one is asked first.
      const fetch = peersFetch({ [HTTP]: { server: chain.server, down: () => started && !asked } });
      let started = false;
      follower = await startFollower([peerUrl(HTTP)], fetch, { p2p: p2pPeers(url) }, false);
      started = true;
      const f = follower;
      f.follower.on('status', (status) => {
        const peer = status.peers.find((p) => p.url === url);
        asked ||= peer?.banned !== undefined || peer?.lastError !== undefined;
      });
      f.follower.start();
      await until(() => f.node.height === chain.node.height, 'sync through the public API peer', 60_000);

      expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
      expect(f.follower.status().error).toBeUndefined();
      const peer = f.follower.status().peers.find((p) => p.url === url);
      if (outcome === 'ban') expect(peer?.banned).toBeDefined();
      else {
        expect(peer?.banned).toBeUndefined();
        expect(peer?.lastError).toBeDefined();
      }
    });
  }
});
