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
import { localnet } from '../../src/core/node/localnet';
import type { P2pBlock } from '../../src/core/p2p';
import type { FetchLike } from '../../src/core/client';
import { blockHeaderFromJson, computeBlockId, payloadHash, signBlock } from '../../src/core/protocol/blocks';
import { privateKeyFromPassphrase, publicKeyFromPrivateKey } from '../../src/core/protocol/crypto';
import { sha256 } from '../../src/core/protocol/hash';
import { toHex } from '../../src/core/protocol/hex';
import { SyncError } from '../../src/core/sync/errors';
import { blockFromP2p } from '../../src/core/sync/p2p-blocks';
import { checkNotExcepted, NO_EXCEPTIONS } from '../../src/core/sync/raw-block';
import { UnsupportedClaims } from '../../src/core/sync/unsupported-claims';
import type { BlockDownload } from '../../src/core/sync/block-download';
import { PeerHealth } from '../../src/core/client/peer-health';
import { p2pBlockOf } from './p2p-peer-server';
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
  it('in a genuine block (its payload hash verifies), from the only peer known: the follower stops, naming the block, the type and that one peer says so', async () => {
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
    expect(status.error?.message).toMatch(
      `(on the word of one peer, ${peerUrl(PEER)}: no peer of another host is known to confirm it`,
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

  it('in a block whose header is not genuine (its signature does not verify): the peer is banned', async () => {
    const height = firstHeightWithTransactions(peer);
    const oldId = peer.node.headerAt(height)!.id!;
    // The header served with a broken signature and the id that header hashes to (so the id check passes), its
    // transactions under that id and relabelled; the peer is asked for them by that id.
    let newId = '';
    const rewrite: Rewrite = (url, body) => {
      const answer = body as { data: Item[] };
      if (url.pathname === '/api/blocks') {
        const data = answer.data.map((item) => {
          if (item.height !== height) return item;
          const forged = { ...item, blockSignature: flipHex(String(item.blockSignature), 20) };
          newId = computeBlockId(blockHeaderFromJson(forged), localnet).id;
          return { ...forged, id: newId };
        });
        return { ...answer, data };
      }
      return relabel(oldId, (item) => ({ ...item, blockId: newId, typeGroup: 9000, type: 3 }))(url, body);
    };
    const served = peersFetch({ [PEER]: { server: peer.server, rewrite } });
    const fetch: FetchLike = (input, init) =>
      served(newId === '' ? input : input.replaceAll(newId, oldId), init);
    follower = await startFollower([peerUrl(PEER)], fetch);
    const f = follower;
    await until(
      () => f.follower.status().peers.some((p) => p.url === peerUrl(PEER) && p.banned !== undefined),
      'the peer banned',
    );
    expect(f.node.height).toBe(height - 1);
    expect(f.follower.status().error?.code).not.toBe('ERR_SYNC_UNSUPPORTED');
    expect(f.logs.join('\n')).toMatch(new RegExp(`block ${height}.*signature does not verify`));
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

/** A peer on another host than peerUrl's (127.0.0.1): the claim of a plugin's type needs two hosts to stop. */
const otherHostUrl = (port: number) => `http://127.0.0.2:${port}`;
const OTHER = 14112;

describe('over the public API, the type of a transaction Votary cannot serialize is a claim that needs a second host', () => {
  it('a hostile peer relabelling a Core transaction among honest ones is shown a liar by another’s bytes: banned, nothing stops', async () => {
    const height = firstHeightWithTransactions(peer);
    const blockId = peer.node.headerAt(height)!.id!;
    // The honest peer answers only once the liar served the relabelled block, so that the liar is the one asked.
    let relabelled = false;
    const lie = relabel(blockId, (item) => {
      relabelled = true;
      return { ...item, typeGroup: 9000, type: 3 };
    });
    const fetch = peersFetch({
      [PEER]: { server: peer.server, claimsAhead: 5, rewrite: lie },
      [OTHER]: { server: peer.server, down: () => follower !== undefined && !relabelled },
    });
    follower = await startFollower([peerUrl(PEER), otherHostUrl(OTHER)], fetch, {}, false);
    const f = follower;
    f.follower.start();
    await until(() => f.node.height === peer.node.height, 'sync through the honest peer');
    const status = f.follower.status();
    expect(status.state).not.toBe('stopped');
    expect(status.error?.code).not.toBe('ERR_SYNC_UNSUPPORTED');
    expect(f.node.headerAt(height)?.id).toBe(blockId);
    expect(status.peers.find((p) => p.url === peerUrl(PEER))?.banned?.reason).toMatch(
      new RegExp(
        `^block ${height}: it served transaction [0-9a-f]{64} of block ${height} as typeGroup 9000, type 3, but ` +
          `${otherHostUrl(OTHER).replaceAll('.', '\\.')} served that transaction's bytes, which hash to its id, as `,
      ),
    );
    expect(status.peers.find((p) => p.url === otherHostUrl(OTHER))?.banned).toBeUndefined();
  });

  it('once refuted, the same relabelling from a second host is a lie at once: banned too, nothing stops', async () => {
    const height = firstHeightWithTransactions(peer);
    const blockId = peer.node.headerAt(height)!.id!;
    const THIRD = 14113;
    let relabelled = false;
    const lie = relabel(blockId, (item) => {
      relabelled = true;
      return { ...item, typeGroup: 9000, type: 3 };
    });
    const banned = (url: string) =>
      follower?.follower.status().peers.find((p) => p.url === url)?.banned !== undefined;
    const [first, second, honest] = [peerUrl(PEER), `http://127.0.0.3:${THIRD}`, otherHostUrl(OTHER)];
    // The first liar is asked first and refuted by the honest peer; then the honest peer is away until the second
    // liar (another host, the same label) was asked for the block and judged.
    const fetch = peersFetch({
      [PEER]: { server: peer.server, claimsAhead: 5, rewrite: lie },
      [THIRD]: { server: peer.server, rewrite: lie, down: () => follower !== undefined && !banned(first) },
      [OTHER]: {
        server: peer.server,
        down: () => follower !== undefined && (!relabelled || (banned(first) && !banned(second))),
      },
    });
    follower = await startFollower([first, second, honest], fetch, {}, false);
    const f = follower;
    f.follower.start();
    await until(() => f.node.height === peer.node.height, 'sync through the honest peer');
    expect(f.follower.status().error?.code).not.toBe('ERR_SYNC_UNSUPPORTED');
    const reasons = f.logs.filter((line) => / banned .*as typeGroup 9000, type 3, but /.test(line));
    expect(reasons.map((line) => line.split(' ')[1])).toEqual([first, second]);
    expect(banned(honest)).toBe(false);
  });

  it('two peers of different hosts serving the same plugin type for the block: the follower stops, naming it', async () => {
    const height = firstHeightWithTransactions(peer);
    const blockId = peer.node.headerAt(height)!.id!;
    const rewrite = relabel(blockId, (item) => ({ ...item, typeGroup: 9000, type: 3 }));
    const fetch = peersFetch({
      [PEER]: { server: peer.server, rewrite },
      [OTHER]: { server: peer.server, rewrite },
    });
    follower = await startFollower([peerUrl(PEER), otherHostUrl(OTHER)], fetch);
    const f = follower;
    await f.follower.finished();
    expect(f.node.height).toBe(height - 1);
    const status = f.follower.status();
    expect(status.error?.code).toBe('ERR_SYNC_UNSUPPORTED');
    expect(status.error?.message).toMatch(
      new RegExp(
        `^block ${height} \\(${blockId}\\) holds transaction [0-9a-f]{64} of typeGroup 9000, type 3: .*\\(served so by `,
      ),
    );
    expect(status.error?.message).toMatch(peerUrl(PEER));
    expect(status.error?.message).toMatch(otherHostUrl(OTHER));
    for (const url of [peerUrl(PEER), otherHostUrl(OTHER)]) {
      expect(status.peers.find((p) => p.url === url)?.banned).toBeUndefined();
    }
  });

  it('two peers of one host serving it: their word counts once (the stop says it rests on one peer’s word)', async () => {
    const height = firstHeightWithTransactions(peer);
    const blockId = peer.node.headerAt(height)!.id!;
    const rewrite = relabel(blockId, (item) => ({ ...item, typeGroup: 9000, type: 3 }));
    const fetch = peersFetch({
      [PEER]: { server: peer.server, rewrite },
      [OTHER]: { server: peer.server, rewrite },
    });
    follower = await startFollower([peerUrl(PEER), peerUrl(OTHER)], fetch);
    const f = follower;
    await f.follower.finished();
    expect(f.follower.status().error?.message).toMatch(
      /\(on the word of one peer, .*: no peer of another host/,
    );
  });
});

describe('over P2P, where the bytes are served: the unknown type is read from them and its id is their hash', () => {
  /** The peer's block at `height` with its first transaction's typeGroup (u32 LE at byte 3) made 9000. */
  function relabelled(height: number): { served: P2pBlock; ids: string[] } {
    const served = p2pBlockOf(peer.node, height)!;
    const first = Uint8Array.from(served.transactions[0]!);
    new DataView(first.buffer).setUint32(3, 9000, true);
    const transactions = [first, ...served.transactions.slice(1)];
    return { served: { ...served, transactions }, ids: transactions.map((bytes) => toHex(sha256(bytes))) };
  }

  /** Its header signed again over the new payload hash (by a key of the test's: the forger is the follower's check). */
  function resigned(served: P2pBlock, ids: readonly string[]): P2pBlock {
    const { transactions, ...columns } = served;
    const key = privateKeyFromPassphrase('unsupported type test forger');
    const header = signBlock(
      {
        ...blockHeaderFromJson(columns),
        payloadHash: payloadHash(ids),
        generatorPublicKey: toHex(publicKeyFromPrivateKey(key)),
      },
      key,
      localnet,
    );
    return {
      ...served,
      payloadHash: header.payloadHash,
      generatorPublicKey: header.generatorPublicKey,
      blockSignature: header.blockSignature!,
      id: header.id!,
      transactions,
    };
  }

  function codeOf(run: () => unknown): string | undefined {
    try {
      run();
    } catch (error) {
      if (error instanceof SyncError) return error.code;
      throw error;
    }
    return undefined;
  }

  it('a block whose payload hash covers it: the follower is told to stop before it, naming the type', () => {
    const height = firstHeightWithTransactions(peer);
    const { served, ids } = relabelled(height);
    const block = blockFromP2p(resigned(served, ids), localnet);
    expect(block.transactions).toHaveLength(served.transactions.length - 1);
    expect(() => checkNotExcepted(block, NO_EXCEPTIONS, localnet)).toThrow(
      new RegExp(`^block ${height} \\(.*\\) holds transaction ${ids[0]} of typeGroup 9000, type 0: `),
    );
    expect(codeOf(() => checkNotExcepted(block, NO_EXCEPTIONS, localnet))).toBe('ERR_SYNC_UNSUPPORTED');
  });

  it('its bytes are proof: the claim stops the follower on its own, though other hosts are known, no one asked', async () => {
    const height = firstHeightWithTransactions(peer);
    const { served, ids } = relabelled(height);
    const block = blockFromP2p(resigned(served, ids), localnet);
    let error: unknown;
    try {
      checkNotExcepted(block, NO_EXCEPTIONS, localnet);
    } catch (thrown) {
      error = thrown;
    }
    const p2pUrl = 'ws://127.0.0.1:4002';
    const other = new PeerHealth(otherHostUrl(OTHER));
    const asked: string[] = [];
    const verdict = await new UnsupportedClaims().judge(new PeerHealth(p2pUrl), block, error as SyncError, {
      download: {
        headers: (p: PeerHealth) => Promise.reject(new Error(`asked ${asked.push(p.url)}`)),
      } as unknown as BlockDownload,
      known: [p2pUrl, other.url],
      askable: [other],
      failed: () => undefined,
      signal: new AbortController().signal,
    });
    expect(asked).toEqual([]);
    expect(verdict.kind).toBe('stop');
    expect(verdict.kind === 'stop' && verdict.error.code).toBe('ERR_SYNC_UNSUPPORTED');
    expect(verdict.kind === 'stop' && verdict.error.message).toMatch(
      new RegExp(
        `holds transaction ${ids[0]} of typeGroup 9000, type 0: .*\\(read from its bytes, served by ${p2pUrl}\\)$`,
      ),
    );
  });

  it('a block whose payload hash does not cover it: the peer’s fault', () => {
    const height = firstHeightWithTransactions(peer);
    const { served } = relabelled(height);
    expect(codeOf(() => blockFromP2p(served, localnet))).toBe('ERR_PEER_DATA');
    expect(() => blockFromP2p(served, localnet)).toThrow(/payload hash does not verify/);
  });
});
