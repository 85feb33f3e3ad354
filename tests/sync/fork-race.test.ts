/**
 * An honest peer during a short fork at the tip (src/core/sync/fork-resolution.ts, docs/design/sync.md "Bans"): it
 * serves one answer holding Y, a validly signed competing block at our tip height, and a moment later our block X
 * at that height, as a node does once the network settled the fork. The follower examines the fork and finds the
 * peer's chain holding our block again: its chain changed between answers, which is no proof of a lie, so the peer
 * is not banned.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/core/client';
import { nodeParts } from '../../src/core/node/parts';
import { slotNumber } from '../../src/core/protocol/time';
import { createTestChain, forgeBlock } from '../node/support/chain-fixture';
import { inProcessFetch } from '../support/in-process-fetch';
import {
  peerUrl,
  startEmptyChainPeer,
  startFollower,
  until,
  type EmptyChainPeer,
  type FollowerUnderTest,
} from './support';

const PORT = 14303;
let main: EmptyChainPeer | undefined;
let other: EmptyChainPeer | undefined;
let follower: FollowerUnderTest | undefined;

afterEach(async () => {
  await follower?.close();
  await main?.close();
  await other?.close();
  follower = main = other = undefined;
});

describe('an honest peer during a short fork at the tip', () => {
  it('is not banned for having held the competing block for a moment', async () => {
    const chain = createTestChain();
    main = await startEmptyChainPeer(chain, 5); // X at height 6
    other = await startEmptyChainPeer(chain, 4); // same blocks 2..5
    const store = nodeParts(other.node).store;
    const last = store.lastBlock();
    // Y: a competing block at height 6, forged by its own slot's delegate one slot later (a real DPoS tip fork).
    const y = forgeBlock(chain, store, [], { slot: slotNumber(last.timestamp, 8) + 2 });
    other.node.applyBlock(y);
    expect(other.node.lastBlock().id).not.toBe(main.node.lastBlock().id);

    // The peer answers from `main`'s chain, except one /blocks request while it briefly held Y.
    let heldY = 0;
    const mainFetch = inProcessFetch(main.server.publicApp);
    const otherFetch = inProcessFetch(other.server.publicApp);
    const fetch: FetchLike = async (input, init) => {
      const url = new URL(input);
      const useOther = url.pathname === '/api/blocks' && heldY > 0 && heldY-- > 0;
      return (useOther ? otherFetch : mainFetch)(`http://127.0.0.1:4003${url.pathname}${url.search}`, init);
    };
    follower = await startFollower([peerUrl(PORT)], fetch);
    const f = follower;
    await until(() => f.node.height === 6, 'sync to X');
    heldY = 1;
    await until(() => heldY === 0, 'the peer answered once with Y');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const peer = f.follower.status().peers[0]!;
    expect(peer.banned, f.logs.join('\n')).toBeUndefined();
    expect(f.logs.join('\n')).not.toMatch(/banned/);
    // And it is still followed: the network's next block comes from it.
    main.node.applyBlock(forgeBlock(chain, nodeParts(main.node).store));
    await until(() => f.node.height === 7, 'the next block from the same peer');
    expect(f.node.lastBlock().id).toBe(main.node.lastBlock().id);
  });
});
