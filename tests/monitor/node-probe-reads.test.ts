/**
 * What one probe of a watched node asks (src/core/monitor/node-probe.ts): /node/syncing alone tells the height, the
 * tip id and whether the node is synced (ARK Core 3.9.1 core-api `controllers/node.ts`: `syncing` is
 * `!isSynced()`, the same flag /node/status answers as `synced`), so /node/status is never asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeProbe } from '../../src/core/monitor/node-probe';
import { devnet } from '../../src/core/protocol/networks';
import { startFakeNode, type FakeNode } from '../client/support/fake-node';

let fake: FakeNode;

beforeAll(async () => {
  fake = await startFakeNode({ network: devnet, height: 5_000 });
});
afterAll(() => fake?.close());

describe('NodeProbe', () => {
  it('judges synced from /node/syncing and never asks /node/status', async () => {
    const probe = new NodeProbe({ id: 'n', url: fake.url, label: 'n', own: true, custom: false }, devnet);
    const first = await probe.poll(Date.now);
    const second = await probe.poll(Date.now);
    expect(first).toMatchObject({ reachable: true, height: 5_000, synced: true, selfBehind: 0 });
    expect(second.synced).toBe(true);
    expect(fake.hits.get('/api/node/status')).toBeUndefined();
    expect(fake.hits.get('/api/node/syncing')).toBe(2);
    // The tip did not move between the two polls: its block is read once.
    expect(fake.hits.get('/api/blocks/last')).toBe(1);
  });
});
