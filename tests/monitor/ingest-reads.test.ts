/**
 * What the monitor's ledger asks of the node for a new block (src/core/monitor/ingest.ts): the page beyond the
 * ledger's tip alone — its first block names the tip as its previous, so the tip is still the node's without a
 * read of it. A node whose next block does not link (a fork, a revert) is still searched back block by block.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeClient, type FetchLike } from '../../src/core/client';
import type { NodeMonitor } from '../../src/core/monitor';
import { nodeParts } from '../../src/core/node/parts';
import { BLOCK_TIME, fakeClock, removeTempDirs, serveNode, watch, type ServedNode } from './support';

const clock = fakeClock();
let served: ServedNode;
let monitor: NodeMonitor;
const asked: string[] = [];

const counting: FetchLike = (input, init) => {
  asked.push(new URL(input).pathname.replace(/^\/api/, ''));
  return fetch(input, init);
};

function step(): void {
  clock.now += BLOCK_TIME * 1000;
  nodeParts(served.node).forger.forgeAt(clock.now);
}

beforeAll(async () => {
  served = await serveNode(clock);
  for (let i = 0; i < 5; i++) step();
  const reads = new NodeClient([served.url], { fetch: counting });
  monitor = watch(clock, { ...served, client: reads });
  await monitor.runCycle();
});

afterAll(async () => {
  await monitor.close();
  await served.close();
  removeTempDirs();
});

describe('ingest', () => {
  it('reads a new block with one page and no read of the ledger’s tip', async () => {
    const before = served.node.height;
    step();
    expect(served.node.height).toBe(before + 1);
    asked.length = 0;
    await monitor.runCycle();
    const blockReads = asked.filter((path) => path.startsWith('/blocks'));
    expect(blockReads).toEqual(['/blocks']);
    expect(monitor.ledger.tip('embedded')?.height).toBe(before + 1);
  });
});
