/**
 * What the monitor's ledger asks of the node for new blocks (src/core/monitor/ingest.ts): nothing for the one block
 * after the ledger's tip that the probe just read as the node's tip (/blocks/last is the same resource as a
 * /blocks page's item: ARK Core 3.9.1 core-api `controllers/blocks.ts`); otherwise the page beyond the ledger's tip
 * alone — its first block names the tip as its previous, so the tip is still the node's without a read of it.
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
  // The probes count too: the monitor's client options are theirs.
  monitor = watch(clock, { ...served, client: reads }, [], { client: { fetch: counting } });
  await monitor.runCycle();
});

afterAll(async () => {
  await monitor.close();
  await served.close();
  removeTempDirs();
});

describe('ingest', () => {
  it('records the one new block the probe read as the tip, without reading it again', async () => {
    const before = served.node.height;
    step();
    expect(served.node.height).toBe(before + 1);
    asked.length = 0;
    await monitor.runCycle();
    expect(asked.filter((path) => path.startsWith('/blocks'))).toEqual(['/blocks/last']);
    const tip = await served.client.lastBlock();
    expect(monitor.ledger.tip('embedded')).toMatchObject({ height: before + 1, id: tip.id });
  });

  it('reads several new blocks with one page and no read of the ledger’s tip', async () => {
    const before = served.node.height;
    step();
    step();
    step();
    expect(served.node.height).toBe(before + 3);
    asked.length = 0;
    await monitor.runCycle();
    expect(asked.filter((path) => path.startsWith('/blocks'))).toEqual(['/blocks/last', '/blocks']);
    expect(monitor.ledger.tip('embedded')?.height).toBe(before + 3);
  });
});
