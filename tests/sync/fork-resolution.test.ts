/**
 * What the examination of a peer's competing chain decides (src/core/sync/fork-resolution.ts, docs/design/sync.md
 * "Forks" and "Bans"), on real signed headers of a test chain, each answer of the peer scripted. A ban needs proof
 * inside one answer; a peer whose chain changed between two answers — a short fork at the tip resolving on its side
 * while the follower asks — backs off and is asked again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PeerHealth } from '../../src/core/client/peer-health';
import type { LocalNode } from '../../src/core/node/node';
import { nodeParts } from '../../src/core/node/parts';
import type { BlockHeader } from '../../src/core/protocol/blocks';
import { slotNumber } from '../../src/core/protocol/time';
import type { BlockDownload } from '../../src/core/sync/block-download';
import { examineFork } from '../../src/core/sync/fork-resolution';
import { createTestChain, forgeBlock, type TestChain } from '../node/support/chain-fixture';
import { startEmptyChainPeer, type EmptyChainPeer } from './support';

let nodes: EmptyChainPeer[] = [];

afterEach(async () => {
  await Promise.all(nodes.map((node) => node.close()));
  nodes = [];
});

async function chainOf(chain: TestChain, blocks: number): Promise<LocalNode> {
  const peer = await startEmptyChainPeer(chain, blocks);
  nodes.push(peer);
  return peer.node;
}

/** A block on the node's tip in a slot after its own (another delegate's: a competing block). */
function forgeLater(chain: TestChain, node: LocalNode, slotsLater = 2): void {
  const store = nodeParts(node).store;
  const slot = slotNumber(store.lastBlock().timestamp, chain.network.milestones[0]!.blocktime!) + slotsLater;
  node.applyBlock(forgeBlock(chain, store, [], { slot }));
}

/** Headers from..to of the chain each answer comes from, one answer per request, in order. */
function answering(...chains: LocalNode[]): BlockDownload {
  let asked = 0;
  const headers = (from: number, to: number): Promise<BlockHeader[]> => {
    const source = chains[Math.min(asked++, chains.length - 1)]!;
    const found: BlockHeader[] = [];
    for (let height = from; height <= Math.min(to, source.height); height++)
      found.push(source.headerAt(height)!);
    return Promise.resolve(found);
  };
  return {
    headers: (_peer: unknown, from: number, to: number) => headers(from, to),
  } as unknown as BlockDownload;
}

function examine(ours: LocalNode, chain: TestChain, download: BlockDownload, batchSize = 100) {
  return examineFork(new PeerHealth('http://127.0.0.1:14302'), {
    node: ours,
    network: chain.network,
    download,
    batchSize,
    maxRevert: 63,
    signal: new AbortController().signal,
  });
}

describe('a competing chain whose answers change while it is examined', () => {
  it('holding our block at the tip again: its chain changed, not a lie', async () => {
    const chain = createTestChain();
    const ours = await chainOf(chain, 5); // X at 6
    // The peer holds our chain again, one block longer: the fork resolved for our block meanwhile.
    const network = await chainOf(chain, 6);
    expect(await examine(ours, chain, answering(network))).toMatchObject({
      kind: 'changed',
      reason: expect.stringMatching(
        /changed between answers: it served another block at height 6, then ours/,
      ) as unknown,
    });
  });

  it('ending below our tip now: its claim is doubted, not banned', async () => {
    const chain = createTestChain();
    const ours = await chainOf(chain, 5);
    const behind = await chainOf(chain, 3); // its chain ends at 4
    expect(await examine(ours, chain, answering(behind))).toMatchObject({
      kind: 'short',
      reason: expect.stringMatching(/changed between answers: .* ended at height 4/) as unknown,
    });
  });

  it('a block above our tip (a later answer) not following its block at our tip (an earlier one): changed', async () => {
    const chain = createTestChain();
    const ours = await chainOf(chain, 5); // X at 6
    const fork = await chainOf(chain, 4);
    forgeLater(chain, fork); // Y at 6
    const network = await chainOf(chain, 6); // X at 6, X' at 7: the fork resolved for X meanwhile
    expect(await examine(ours, chain, answering(fork, network))).toMatchObject({
      kind: 'changed',
      reason: expect.stringMatching(/changed between answers: block 7 does not follow block 6/) as unknown,
    });
  });

  it('headers of a lower request not followed by those of a higher one: changed', async () => {
    const chain = createTestChain();
    const ours = await chainOf(chain, 5); // X at 5, 6
    const first = await chainOf(chain, 4);
    forgeLater(chain, first); // Y at 6 on X5
    forgeLater(chain, first, 1);
    const second = await chainOf(chain, 3);
    forgeLater(chain, second); // W at 5
    // One height a request: 6 and 7 from `first`'s chain, 5 from `second`'s (W5, which Y6 does not follow), 4 ours.
    const download = answering(first, second, ours, first);
    expect(await examine(ours, chain, download, 1)).toMatchObject({
      kind: 'changed',
      reason: expect.stringMatching(/block 6 does not follow block 5/) as unknown,
    });
  });
});

describe('a competing chain that lies within one answer', () => {
  it('is banned when its headers of one answer do not follow each other', async () => {
    const chain = createTestChain();
    const ours = await chainOf(chain, 5); // X at 5, 6
    const other = await chainOf(chain, 3);
    forgeLater(chain, other); // W at 5
    forgeLater(chain, other, 1); // W at 6
    forgeLater(chain, other, 1); // W at 7
    // One answer: our blocks to 5, then W6, whose parent is W5; then W7 above.
    const spliced: BlockDownload = {
      headers: (_peer: unknown, from: number, to: number) =>
        Promise.resolve(
          Array.from({ length: to - from + 1 }, (_, i) => from + i).map((height) =>
            height <= 5 ? ours.headerAt(height)! : other.headerAt(height)!,
          ),
        ),
    } as unknown as BlockDownload;
    expect(await examine(ours, chain, spliced)).toMatchObject({
      kind: 'ban',
      reason: expect.stringMatching(/no fork to follow: block 6 does not follow block 5/) as unknown,
    });
  });

  it('follows a fork served consistently: reverts to the common ancestor', async () => {
    const chain = createTestChain();
    const ours = await chainOf(chain, 5);
    const fork = await chainOf(chain, 4);
    forgeLater(chain, fork);
    forgeLater(chain, fork, 1);
    expect(await examine(ours, chain, answering(fork))).toEqual({ kind: 'revert', ancestor: 5 });
  });
});
