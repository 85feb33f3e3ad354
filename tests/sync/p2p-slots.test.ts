/**
 * P2P slots taken by one hostile list (docs/design/sync.md "P2P"): ARK Core keys its peers by IP address
 * (core-p2p `peer-repository.ts`), so an honest list never names one address twice — but a hostile one may name
 * its own address on as many ports as the follower has P2P slots, each answering getStatus with the network's
 * nethash. An interface that is then banned, or that fails again and again, must give up its slot, so that an
 * honest interface another peer lists later is still followed (core-p2p forgets such a peer: `network-monitor.ts`
 * cleansePeers, `peer-communicator.ts` after maxPeerSequentialErrors). Here the public API serves nothing but its
 * network and its list, so the sync can only complete through the honest P2P interface.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/core/node/block-store';
import { nodeParts } from '../../src/core/node/parts';
import { decodeGetBlocksResponse, encodeGetBlocksResponse, P2pPeers } from '../../src/core/p2p';
import { MAX_LISTED_P2P, searchP2p } from '../../src/core/sync';
import { startApiChain, type ApiChain } from '../api/support/api-chain';
import { startListingApiPeer, type ListingApiPeer } from './listing-api-peer';
import { startP2pPeer, type P2pMutation, type P2pTestPeer } from './p2p-peer-server';
import { startFollower, until, type FollowerUnderTest } from './support';

let chain: ApiChain | undefined;
let follower: FollowerUnderTest | undefined;
let search: { stop(): void } | undefined;
const apis: ListingApiPeer[] = [];
const p2pPeers: P2pTestPeer[] = [];

afterEach(async () => {
  search?.stop();
  search = undefined;
  await follower?.close();
  follower = undefined;
  for (const peer of p2pPeers.splice(0)) await peer.close();
  for (const api of apis.splice(0)) await api.close();
  await chain?.close();
  chain = undefined;
});

/** Each block's height moved up by one: its answer does not start where it was asked (a lie: a ban). */
const lying: P2pMutation = ({ path, answer }) =>
  path === 'p2p.blocks.getBlocks'
    ? {
        payload: encodeGetBlocksResponse(
          decodeGetBlocksResponse(answer).map((block) => ({ ...block, height: block.height + 1 })),
        ),
      }
    : undefined;
/**
 * It answers getStatus, and getBlocks with a frame that is no nes answer: a failure every time (the connection is
 * closed and the peer backs off, p2p-client.ts), not proof of a lie — as a node that times out, only sooner.
 */
const broken: P2pMutation = ({ path }) =>
  path === 'p2p.blocks.getBlocks' ? { frame: 'not a frame' } : undefined;

const portOf = (url: string) => Number(new URL(url).port);

describe('P2P slots filled by one hostile list', () => {
  it.each([
    ['banned', lying],
    ['failing again and again', broken],
  ])(
    'an interface %s gives up its slot to an honest one another peer lists later',
    async (_, hostile) => {
      const c = (chain = await startApiChain());
      for (let i = 0; i < 500; i++) c.step();
      const nethash = nodeParts(c.node).store.network.network.nethash;
      const own = await Promise.all(
        Array.from({ length: MAX_LISTED_P2P }, () => startP2pPeer(c.node, nethash, hostile)),
      );
      const honest = await startP2pPeer(c.node, nethash);
      p2pPeers.push(...own, honest);
      // One peer lists its own address on as many ports as there are slots; the other lists nothing yet.
      const hostileApi = await startListingApiPeer(
        c.server,
        own.map((peer) => ({ ip: '127.0.0.1', port: portOf(peer.url) })),
      );
      const honestApi = await startListingApiPeer(c.server);
      apis.push(hostileApi, honestApi);
      const configured = [hostileApi.url, honestApi.url];
      const p2p = new P2pPeers([], {
        timeoutMs: 500,
        connectTimeoutMs: 500,
        getBlocksLimit: { limit: 1, windowMs: 150 },
        health: { baseBackoffMs: 50, maxBackoffMs: 200 },
      });
      const f = (follower = await startFollower(configured, fetch, { p2p }, false));
      hostileApi.blocks = false;
      honestApi.blocks = false;
      search = searchP2p({
        peerPool: f.peerPool,
        p2p,
        nethash,
        configured,
        wanted: () => true,
        unfit: (url) => f.follower.unfit(url),
        log: (line) => f.logs.push(line),
        everyMs: 0,
        probe: { timeoutMs: 2_000, connectTimeoutMs: 2_000 },
      });
      await until(() => p2p.all().length === MAX_LISTED_P2P, 'the hostile list filling the slots');
      honestApi.listed = [{ ip: '127.0.0.1', port: portOf(honest.url) }];
      f.follower.start();

      await until(() => f.node.height === c.node.height, 'a sync through the honest P2P interface', 20_000);
      expect(verifyChain(nodeParts(f.node).store).verified).toBe(true);
      expect(honest.getBlocksAt.length).toBeGreaterThan(0);
      expect(p2p.all().map((peer) => peer.url)).toContain(honest.url);
      expect(p2p.all().length).toBeLessThanOrEqual(MAX_LISTED_P2P);
    },
    40_000,
  );
});
