/**
 * A transaction of a type Votary has no rule for — one a plugin of a chain's nodes registers (a bridgechain's own
 * type, outside ARK's Core group) — in an otherwise valid block stops the follower with ERR_SYNC_UNSUPPORTED naming
 * the block and the type, storing nothing past the block before it (sync raw-block.ts `checkNotExcepted`). A block
 * whose payload hash does not verify over the ids served, or an unknown type in ARK's Core group (whose types are
 * fixed), is the peer's junk: the peer is banned, and nothing stops.
 *
 * The peer here is a Votary chain whose answers are rewritten to serve one block's transactions under a type
 * Votary does not know, with their ids (the ids, not the types, are what the block's signed payload hash covers).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiChain, type ApiChain } from '../api/support/api-chain';
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

const PEER = 14111;

function firstHeightWithTransactions(chain: ApiChain): number {
  for (let height = 2; height <= chain.node.height; height++) {
    if ((chain.node.headerAt(height)?.numberOfTransactions ?? 0) > 0) return height;
  }
  throw new Error('the peer chain has no transactions');
}

type Item = Record<string, unknown>;

/** Serves the transactions of block `blockId` changed by `change` (every route the follower reads them from). */
function relabel(blockId: string, change: (item: Item) => Item): Rewrite {
  return (url, body) => {
    const route = url.pathname;
    if (route !== '/api/transactions' && !/^\/api\/blocks\/[^/]+\/transactions$/.test(route)) return body;
    const answer = body as { data: Item[] };
    const data = answer.data.map((item) => (item.blockId === blockId ? change(item) : item));
    return { ...answer, data };
  };
}

describe('a transaction of a type Votary has no rule for', () => {
  it('in a genuine block (its payload hash verifies): the follower stops, naming the block and the type', async () => {
    const height = firstHeightWithTransactions(peer);
    const blockId = peer.node.headerAt(height)!.id!;
    const rewrite = relabel(blockId, (item) => ({ ...item, typeGroup: 9000, type: 3 }));
    follower = await startFollower([peerUrl(PEER)], peersFetch({ [PEER]: { server: peer.server, rewrite } }));
    const f = follower;
    await f.follower.finished();
    expect(f.node.height).toBe(height - 1);
    const status = f.follower.status();
    expect(status.state).toBe('stopped');
    expect(status.error?.code).toBe('ERR_SYNC_UNSUPPORTED');
    expect(status.error?.message).toMatch(
      new RegExp(
        `^block ${height} \\(${blockId}\\) holds transaction [0-9a-f]{64} of typeGroup 9000, type 3: `,
      ),
    );
    expect(status.peers.find((p) => p.url === peerUrl(PEER))?.banned).toBeUndefined();
  });

  it('in a block whose payload hash does not verify over the ids served: the peer is banned, nothing stops', async () => {
    const height = firstHeightWithTransactions(peer);
    const blockId = peer.node.headerAt(height)!.id!;
    const rewrite = relabel(blockId, (item) => ({
      ...item,
      typeGroup: 9000,
      type: 3,
      id: flipHex(String(item.id)),
    }));
    follower = await startFollower([peerUrl(PEER)], peersFetch({ [PEER]: { server: peer.server, rewrite } }));
    const f = follower;
    await until(
      () => f.follower.status().peers.some((p) => p.url === peerUrl(PEER) && p.banned !== undefined),
      'the peer banned',
    );
    // The run holding it failed as a whole: nothing of it is stored.
    expect(f.node.height).toBeLessThan(height);
    expect(f.follower.status().error?.code).not.toBe('ERR_SYNC_UNSUPPORTED');
    expect(f.logs.join('\n')).toMatch(/payload hash does not verify over the transaction ids served/);
  });

  it('in ARK’s Core group, whose types are fixed: the peer is banned', async () => {
    const height = firstHeightWithTransactions(peer);
    const blockId = peer.node.headerAt(height)!.id!;
    const rewrite = relabel(blockId, (item) => ({ ...item, typeGroup: 1, type: 99 }));
    follower = await startFollower([peerUrl(PEER)], peersFetch({ [PEER]: { server: peer.server, rewrite } }));
    const f = follower;
    await until(
      () => f.follower.status().peers.some((p) => p.url === peerUrl(PEER) && p.banned !== undefined),
      'the peer banned',
    );
    // The run holding it failed as a whole: nothing of it is stored.
    expect(f.node.height).toBeLessThan(height);
    expect(f.follower.status().error?.code).not.toBe('ERR_SYNC_UNSUPPORTED');
  });
});
