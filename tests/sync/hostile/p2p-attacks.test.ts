/**
 * Hostile P2P peers against the follower (core/p2p, sync/p2p-blocks.ts; docs/design/sync.md "Hostile peers"): a
 * real WebSocket peer speaking core-p2p's nes protocol (../p2p-peer-server.ts) beside an honest public API peer.
 * Whatever the P2P peer does costs it, not the follower: an answer padded past ARK's schema is its lie (a ban),
 * and a peer that takes getBlocks and answers none holds the sync seconds, not core-p2p's 30 s timeout.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../../../src/core/node/block-store';
import { nodeParts } from '../../../src/core/node/parts';
import { decodeGetBlocksResponse, P2pPeers } from '../../../src/core/p2p';
import { startApiChain, type ApiChain } from '../../api/support/api-chain';
import { paddedGetBlocksAnswer, startP2pPeer, type P2pTestPeer } from '../p2p-peer-server';
import { peersFetch, peerUrl, startFollower, until, type FollowerUnderTest } from '../support';

let chain: ApiChain;
let p2pPeer: P2pTestPeer | undefined;
let follower: FollowerUnderTest | undefined;

const HTTP = 14311;

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

const statusOf = (f: FollowerUnderTest, url: string) => f.follower.status().peers.find((p) => p.url === url);

describe('a hostile P2P peer', () => {
  it('padding the true next blocks with ~19 MiB of tiny unknown fields is banned; the public API peer completes', async () => {
    // Kept one object per field, one such answer took some 676 MiB and 2 s of the thread, and the peer was asked
    // again and again (its blocks verify): never banned.
    for (let i = 0; i < 30; i++) chain.step();
    const nethash = nodeParts(chain.node).store.network.network.nethash;
    p2pPeer = await startP2pPeer(chain.node, nethash, ({ path, answer }) =>
      path === 'p2p.blocks.getBlocks'
        ? { payload: paddedGetBlocksAnswer(decodeGetBlocksResponse(answer), 19 * 1024 * 1024) }
        : undefined,
    );
    const url = p2pPeer.url;
    let started = false;
    let judged = false;
    // The public API peer serves blocks only once the P2P peer was judged, so that the hostile one is asked first.
    const fetch = peersFetch({ [HTTP]: { server: chain.server, down: () => started && !judged } });
    const peers = new P2pPeers([url], { getBlocksLimit: { limit: 1, windowMs: 100 } });
    follower = await startFollower([peerUrl(HTTP)], fetch, { p2p: peers }, false);
    started = true;
    const f = follower;
    f.follower.on('status', (status) => {
      judged ||= status.peers.some(
        (p) => p.url === url && (p.banned !== undefined || p.lastError !== undefined),
      );
    });
    f.follower.start();
    await until(() => f.node.height === chain.node.height, 'the sync through the public API peer', 30_000);

    expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
    expect(f.follower.status().error).toBeUndefined();
    expect(statusOf(f, url)?.banned?.reason).toMatch(/does not name/);
  });

  /** A P2P peer that answers the hello and getStatus, never a getBlocks, beside the public API peer. */
  async function silentPeer(options: { answerTimeoutMs?: number } = {}): Promise<FollowerUnderTest> {
    for (let i = 0; i < 120; i++) chain.step();
    const nethash = nodeParts(chain.node).store.network.network.nethash;
    p2pPeer = await startP2pPeer(chain.node, nethash, ({ path }) =>
      path === 'p2p.blocks.getBlocks' ? 'silence' : undefined,
    );
    const silent = p2pPeer;
    let started = false;
    // The public API peer serves blocks only once the silent peer took a getBlocks, so that it is asked first.
    const fetch = peersFetch({
      [HTTP]: { server: chain.server, down: () => started && silent.getBlocksAt.length === 0 },
    });
    // Production's timeouts unless told (30 s a getBlocks, 5 s for an answer to begin).
    const peers = new P2pPeers([silent.url], { getBlocksLimit: { limit: 1, windowMs: 100 }, ...options });
    follower = await startFollower([peerUrl(HTTP)], fetch, { p2p: peers }, false);
    started = true;
    follower.follower.start();
    await until(() => silent.getBlocksAt.length > 0, 'the silent peer asked');
    return follower;
  }

  it('sitting on a getBlocks does not hold the sync: the run is asked of the public API peer too', async () => {
    // With core-p2p's 30 s getBlocks timeout alone, every run asked of such a peer held the whole sync for 30 s
    // (73 s to catch up 1,100 blocks against 9 s). Here its connection is not even dropped (a 30 s answer watch):
    // only asking another peer moves the sync on.
    const f = await silentPeer({ answerTimeoutMs: 30_000 });
    await until(() => f.node.height === chain.node.height, 'the sync through the public API peer', 20_000);
    expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
    const silent = f.follower.status().peers.find((p) => p.url === p2pPeer!.url);
    expect(silent?.banned).toBeUndefined();
  });

  it('answering the hello and never a getBlocks is dropped within seconds, not 30 s, and counted as its failure', async () => {
    const f = await silentPeer();
    await until(() => f.node.height === chain.node.height, 'the sync through the public API peer', 20_000);
    await until(
      () => statusOf(f, p2pPeer!.url)?.lastError !== undefined,
      'the silent peer’s failure',
      20_000,
    );
    expect(statusOf(f, p2pPeer!.url)?.lastError).toMatch(/no answer within 5000 ms/);
    expect(statusOf(f, p2pPeer!.url)?.banned).toBeUndefined();
  });
});
