/**
 * Pools that share one SharedAnswers (src/core/client/shared-answers.ts) against a fake ARK node: a tip read that
 * allows a recent answer takes the same peer's answer when it is that recent, or joins the request on its way; an
 * older one, another peer's, or a read that allows none asks the node.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NodeClient, SharedAnswers, tipBlock } from '../../src/core/client';
import { BLOCK_ID, fakeClock, startFakeNode, type FakeNode } from './support/fake-node';

let a: FakeNode;
let b: FakeNode;

beforeAll(async () => {
  [a, b] = await Promise.all([startFakeNode({ height: 5_000 }), startFakeNode({ height: 5_000 })]);
});
afterAll(() => Promise.all([a?.close(), b?.close()]));
beforeEach(() => {
  a.hits.clear();
  b.hits.clear();
});

const pools = () => {
  const clock = fakeClock();
  const shared = new SharedAnswers();
  const one = new NodeClient([a.url], { shared, now: () => clock.now, maxAttempts: 1 });
  const other = new NodeClient([a.url], { shared, now: () => clock.now, maxAttempts: 1 });
  return { clock, shared, one, other };
};

describe('SharedAnswers', () => {
  it('gives a recent answer of the same node to a read that allows it, and asks again once it is older', async () => {
    const { clock, one, other } = pools();
    await one.syncing();
    clock.advance(3_999);
    expect((await other.syncing({ reuseWithinMs: 4_000 })).height).toBe(5_000);
    expect(a.hits.get('/api/node/syncing')).toBe(1);
    clock.advance(1);
    await other.syncing({ reuseWithinMs: 4_000 });
    expect(a.hits.get('/api/node/syncing')).toBe(2);
  });

  it('joins the request on its way', async () => {
    const { one, other } = pools();
    await Promise.all([one.syncing(), other.syncing({ reuseWithinMs: 4_000 })]);
    expect(a.hits.get('/api/node/syncing')).toBe(1);
  });

  it('always asks for a read that allows no reuse, and never takes another node’s answer', async () => {
    const { shared, one, other } = pools();
    await other.syncing({ reuseWithinMs: 4_000 });
    await one.syncing();
    expect(a.hits.get('/api/node/syncing')).toBe(2);
    const elsewhere = new NodeClient([b.url], { shared, maxAttempts: 1 });
    await elsewhere.syncing({ reuseWithinMs: 4_000 });
    expect(b.hits.get('/api/node/syncing')).toBe(1);
  });

  it('takes a kept tip block only when it is the block /node/syncing names', async () => {
    const { one, other } = pools();
    await one.lastBlock();
    expect((await tipBlock(other, { height: 5_000, id: BLOCK_ID })).id).toBe(BLOCK_ID);
    expect(a.hits.get('/api/blocks/last')).toBe(1);
    // Another tip than the kept block's: the node is asked (once, as its answer is not below that tip).
    await tipBlock(other, { height: 4_999, id: 'f'.repeat(64) });
    expect(a.hits.get('/api/blocks/last')).toBe(2);
  });

  it('has two readers of a tip newer than the kept block ask the node once between them', async () => {
    const { clock, shared, one, other } = pools();
    const kept = await one.lastBlock();
    // The block kept is the one before the tip /node/syncing names now (kept by hand: the fake's tip never moves).
    const older = { ...kept, height: 4_999, id: 'e'.repeat(64) };
    await shared.track(
      a.url,
      '/blocks/last',
      Promise.resolve({
        value: older,
        status: 200,
        latencyMs: 1,
        height: 4_999,
        rateLimit: undefined,
        rateWindow: undefined,
      }),
      () => clock.now,
    );
    a.hits.clear();
    const tip = { height: 5_000, id: BLOCK_ID };
    const [first, second] = await Promise.all([tipBlock(one, tip), tipBlock(other, tip)]);
    expect([first.id, second.id]).toEqual([BLOCK_ID, BLOCK_ID]);
    expect(a.hits.get('/api/blocks/last')).toBe(1);
  });
});
