/**
 * Issue 6 §5: fork and lag detection with two embedded nodes that diverge. Node A forges; node B follows it by
 * applying A's blocks (a follower), falls behind when it stops following, and forks when it forges a block of
 * its own at a height where A has another one. Both serve their API; the monitor only sees HTTP.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorViews, type NodeMonitor } from '../../src/core/monitor';
import type { MonitorAlertView } from '../../src/shared/domain/monitor';
import { BLOCK_TIME, fakeClock, removeTempDirs, serveNode, watch, type ServedNode } from './support';

const clock = fakeClock();
let a: ServedNode;
let b: ServedNode;
let monitor: NodeMonitor;
const raised: MonitorAlertView[] = [];

/** A forges the next slot; B applies A's block unless it is lagging. */
function stepA(follow: boolean): void {
  clock.now += BLOCK_TIME * 1000;
  const outcome = nodeParts(a.node).forger.forgeAt(clock.now);
  if (outcome.kind !== 'forged') throw new Error(`A did not forge: ${outcome.kind}`);
  if (follow) b.node.applyBlock(outcome.block);
}

function catchUp(): void {
  for (let height = b.node.height + 1; height <= a.node.height; height++) {
    b.node.applyBlock(nodeParts(a.node).store.blockByHeight(height)!);
  }
}

function nodeView(id: string) {
  return monitorViews.overview(monitor).nodes.find((node) => node.id === id)!;
}

beforeAll(async () => {
  a = await serveNode(clock);
  b = await serveNode(clock);
  for (let i = 0; i < 3; i++) stepA(true);
  monitor = watch(clock, a, [b], { onAlert: (alert) => raised.push(alert) });
  monitor.settings.update({ behindThreshold: 2 });
});

afterAll(async () => {
  await monitor.close();
  await a.close();
  await b.close();
  removeTempDirs();
});

describe('lag and forks across watched nodes', () => {
  it('sees two nodes on one chain: same height, same tip, no lag, no fork', async () => {
    await monitor.runCycle();
    const view = monitorViews.overview(monitor);
    expect(view.nodes.map((node) => node.id)).toEqual(['embedded', b.url]);
    expect(view.nodes.every((node) => node.reachable && node.height === 4 && node.blocksBehind === 0)).toBe(
      true,
    );
    expect(nodeView('embedded').lastBlockId).toBe(nodeView(b.url).lastBlockId);
    expect(view.forks).toEqual([]);
    expect(view.bestHeight).toBe(4);
  });

  it('reports the lag of a node that stopped following, and no fork (its tip is on the best chain)', async () => {
    for (let i = 0; i < 3; i++) stepA(false);
    await monitor.runCycle();
    expect(nodeView(b.url).blocksBehind).toBe(3);
    expect(nodeView(b.url).height).toBe(4);
    expect(nodeView('embedded').blocksBehind).toBe(0);
    expect(monitorViews.overview(monitor).forks).toEqual([]);
    const samples = monitorViews.samples(monitor, b.url, 0);
    expect(samples.at(-1)?.lagBlocks).toBe(3);
    catchUp();
    await monitor.runCycle();
    expect(nodeView(b.url).blocksBehind).toBe(0);
  });

  it('reports a fork when the nodes hold different blocks at the same height', async () => {
    // A forges slot s; B (not following) forges slot s + 1 itself: both at one height, different blocks.
    stepA(false);
    clock.now += BLOCK_TIME * 1000;
    const own = nodeParts(b.node).forger.forgeAt(clock.now);
    expect(own.kind).toBe('forged');
    expect(a.node.height).toBe(b.node.height);
    await monitor.runCycle();
    const forks = monitorViews.overview(monitor).forks;
    expect(forks).toHaveLength(1);
    expect(forks[0]!.height).toBe(a.node.height);
    expect(forks[0]!.nodes).toEqual(
      [
        { id: 'embedded', blockId: nodeParts(a.node).store.lastBlock().id },
        { id: b.url, blockId: nodeParts(b.node).store.lastBlock().id },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect(raised.filter((alert) => alert.rule === 'fork')).toHaveLength(1);
  });

  it('still sees the fork when one side moves on: the higher node is asked for its block at the lower tip', async () => {
    const forkHeight = b.node.height;
    stepA(false);
    stepA(false);
    await monitor.runCycle();
    const forks = monitorViews.overview(monitor).forks;
    expect(forks.map((fork) => fork.height)).toEqual([forkHeight]);
    expect(nodeView(b.url).blocksBehind).toBe(2);
    // The fork alert is raised once and not repeated while the fork lasts.
    expect(raised.filter((alert) => alert.rule === 'fork')).toHaveLength(1);
  });

  it('clears the fork alert when the nodes agree again', async () => {
    b.node.revertBlocks(1);
    catchUp();
    await monitor.runCycle();
    expect(monitorViews.overview(monitor).forks).toEqual([]);
    const fork = monitor.alerts
      .list('embedded', { activeOnly: false, limit: 20 })
      .find((x) => x.rule === 'fork')!;
    expect(fork.active).toBe(false);
    expect(raised.filter((alert) => alert.rule === 'fork')).toHaveLength(1);
  });

  it('raises node-behind once for my node beyond the threshold and clears it when it catches up', async () => {
    // The monitor's own node is A; make B the best by letting A fall behind is not possible (A forges), so
    // check the rule through a monitor whose own node is B.
    const behind = watch(clock, b, [a], { onAlert: (alert) => raised.push(alert) });
    behind.settings.update({ behindThreshold: 2 });
    for (let i = 0; i < 3; i++) stepA(false);
    await behind.runCycle();
    await behind.runCycle();
    const active = behind.alerts.list('embedded', { activeOnly: true, limit: 10 });
    expect(active.filter((alert) => alert.rule === 'node-behind')).toHaveLength(1);
    expect(raised.filter((alert) => alert.rule === 'node-behind')).toHaveLength(1);
    catchUp();
    await behind.runCycle();
    expect(
      behind.alerts.list('embedded', { activeOnly: true, limit: 10 }).some((x) => x.rule === 'node-behind'),
    ).toBe(false);
    await behind.close();
  });
});
