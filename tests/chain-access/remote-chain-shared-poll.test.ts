/**
 * The network's chain events (src/core/chain-access/remote-chain.ts) and the monitor's probe of the same node
 * (src/core/monitor/node-probe.ts), in one process sharing the peers' tip answers (client/shared-answers.ts): the
 * node is asked /node/syncing and /blocks/last once for both, and each still says the node's tip.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RemoteChain, type ChainEvent } from '../../src/core/chain-access';
import { NodeClient, SharedAnswers } from '../../src/core/client';
import { NodeProbe } from '../../src/core/monitor/node-probe';
import { devnet } from '../../src/core/protocol/networks';
import { BLOCK_ID, startFakeNode, type FakeNode } from '../client/support/fake-node';

let fake: FakeNode;

beforeAll(async () => {
  fake = await startFakeNode({ network: devnet, height: 5_000 });
});
afterAll(() => fake?.close());

describe('RemoteChain and the monitor’s probe of the same node', () => {
  it('ask the node once for both', async () => {
    const shared = new SharedAnswers();
    const probe = new NodeProbe(
      { id: 'own', url: fake.url, label: 'own', own: true, custom: false },
      devnet,
      {
        shared,
      },
    );
    // A poll interval longer than the test: the watch polls once, at once.
    const chain = new RemoteChain('devnet', new NodeClient([fake.url], { shared, maxAttempts: 1 }), {
      pollMs: 60_000,
    });
    expect(await probe.poll(Date.now)).toMatchObject({
      reachable: true,
      height: 5_000,
      lastBlockId: BLOCK_ID,
    });
    const events: ChainEvent[] = [];
    const unwatch = chain.watch((event) => events.push(event));
    await vi.waitUntil(() => events.length >= 2, { timeout: 2_000, interval: 10 });
    unwatch();
    expect(events[0]).toMatchObject({ kind: 'block', tip: { height: 5_000, id: BLOCK_ID } });
    expect(events[1]).toMatchObject({ kind: 'sync', height: 5_000 });
    expect(fake.hits.get('/api/node/syncing')).toBe(1);
    expect(fake.hits.get('/api/blocks/last')).toBe(1);
  });
});
