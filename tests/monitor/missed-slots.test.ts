/**
 * Issue 6 §5: the missed-slot and productivity computation against a localnet where chosen delegates are
 * offline. The forger's own slot outcomes are the ground truth; the monitor only sees the public API.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeMonitor } from '../../src/core/monitor';
import type { MissedSlotEvent } from '../../src/core/node/forger';
import { monitorViews } from '../../src/core/monitor';
import { localnet } from '../../src/core/node/localnet';
import { epochUnixMs } from '../../src/core/protocol/networks';
import { roundInfo } from '../../src/core/protocol/rounds';
import type { MonitorAlertView } from '../../src/shared/domain/monitor';
import { BLOCK_TIME, fakeClock, removeTempDirs, serveNode, watch, type ServedNode } from './support';

const clock = fakeClock();
let served: ServedNode;
let monitor: NodeMonitor;
const raised: MonitorAlertView[] = [];
const truthMissed: MissedSlotEvent[] = [];
const truthForged = new Map<string, number>();
let offlineKeys: string[] = [];

function step(): void {
  clock.now += BLOCK_TIME * 1000;
  const outcome = nodeParts(served.node).forger.forgeAt(clock.now);
  if (outcome.kind === 'missed') truthMissed.push(outcome.missed);
  if (outcome.kind === 'forged') {
    const key = outcome.block.header.generatorPublicKey;
    truthForged.set(key, (truthForged.get(key) ?? 0) + 1);
  }
}

beforeAll(async () => {
  served = await serveNode(clock);
  for (let i = 0; i < 5; i++) step();
  monitor = watch(clock, served, [], { onAlert: (alert) => raised.push(alert) });
  monitor.settings.update({ myDelegates: ['genesis_3'] });
  await monitor.runCycle();
  // Ground truth counts only from here: what the monitor saw before is its backfill.
  truthForged.clear();
  offlineKeys = ['genesis_3', 'genesis_7'].map((name) =>
    nodeParts(served.node).forger.setOffline(name, true),
  );
  for (let i = 0; i < 50; i++) {
    step();
    if (i % 10 === 9) await monitor.runCycle();
  }
  await monitor.runCycle();
});

afterAll(async () => {
  await monitor.close();
  await served.close();
  removeTempDirs();
});

describe('missed slots derived from the schedule and the blocks', () => {
  it('rebuilds each round’s forging order exactly as the node forges with it', async () => {
    const round = roundInfo(served.node.height + 1, served.node.network).round;
    for (const r of [round - 2, round - 1, round]) {
      expect((await monitor.roundOrders().get(r)).order).toEqual(
        nodeParts(served.node).store.roundDelegates(r),
      );
    }
  });

  it('finds exactly the slots the offline delegates missed, and charges them to those delegates', async () => {
    expect(truthMissed.length).toBeGreaterThanOrEqual(4);
    expect(new Set(truthMissed.map((miss) => miss.publicKey))).toEqual(new Set(offlineKeys));
    const derived = await monitorViews.missedSlots(monitor, 500);
    const expected = truthMissed.map((miss) => ({ slot: miss.slot, publicKey: miss.publicKey }));
    expect(derived.map((miss) => ({ slot: miss.slot, publicKey: miss.publicKey })).reverse()).toEqual(
      expected,
    );
    expect(derived.every((miss) => miss.username === 'genesis_3' || miss.username === 'genesis_7')).toBe(
      true,
    );
    const only3 = await monitorViews.missedSlots(monitor, 500, 'genesis_3');
    expect(only3.map((miss) => miss.slot).reverse()).toEqual(
      truthMissed.filter((miss) => miss.publicKey === offlineKeys[0]).map((miss) => miss.slot),
    );
  });

  it('computes produced, missed and productivity per delegate', () => {
    const view = monitorViews.productivityOf(monitor, 'hour');
    // The backfill reached the genesis block: the data covers the whole chain (genesis is at the epoch).
    expect(view.coveredSince).toBe(epochUnixMs(localnet));
    expect(view.delegates).toHaveLength(21);
    const producedBy = new Map<string, number>();
    for (let height = 2; height <= served.node.height; height++) {
      const key = nodeParts(served.node).store.blockByHeight(height)!.header.generatorPublicKey;
      producedBy.set(key, (producedBy.get(key) ?? 0) + 1);
    }
    for (const row of view.delegates) {
      const missed = truthMissed.filter((miss) => miss.publicKey === row.publicKey).length;
      expect(row.produced).toBe(producedBy.get(row.publicKey) ?? 0);
      expect(row.missed).toBe(missed);
      expect(row.productivity).toBe(Math.round((row.produced / (row.produced + missed)) * 10_000) / 100);
      if (offlineKeys.includes(row.publicKey)) {
        expect(row.missed).toBeGreaterThanOrEqual(2);
        expect(row.productivity).toBeLessThan(100);
      } else {
        expect(row.productivity).toBe(100);
      }
    }
    const total = view.delegates.reduce((sum, row) => sum + row.produced, 0);
    expect(total).toBe(served.node.height - 1);
  });

  it('shows the current round slot by slot with forged, missed, current and upcoming states', async () => {
    const view = await monitorViews.round(monitor, 'genesis_3');
    const forged = view.slots.filter((slot) => slot.state === 'forged');
    const missed = view.slots.filter((slot) => slot.state === 'missed');
    expect(
      forged.length + view.slots.filter((s) => s.state !== 'forged' && s.state !== 'missed').length,
    ).toBe(view.activeDelegates);
    expect(missed.every((slot) => offlineKeys.includes(slot.publicKey))).toBe(true);
    for (const slot of forged) {
      expect(nodeParts(served.node).store.blockByHeight(slot.height!)?.header.id).toBe(slot.blockId);
    }
    const slots = view.slots.map((slot) => slot.slot);
    expect(slots).toEqual([...slots].sort((a, b) => a - b));
    expect(view.delegate?.inForgingSet).toBe(true);
    expect(view.delegate?.nextSlotAt).toBeGreaterThan(view.now);
  });

  it('raises one missed-slot alert for my delegate, counts further misses into it, and clears it when it forges', async () => {
    const mine = raised.filter((alert) => alert.rule === 'delegate-missed-slot');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe(offlineKeys[0]);
    const active = monitor.alerts.list('embedded', { activeOnly: true, limit: 10 });
    const missedAlert = active.find((alert) => alert.rule === 'delegate-missed-slot')!;
    expect(missedAlert.count).toBe(truthMissed.filter((miss) => miss.publicKey === offlineKeys[0]).length);
    // genesis_7 is not mine: no alert for it.
    expect(raised.some((alert) => alert.subject === offlineKeys[1])).toBe(false);

    nodeParts(served.node).forger.setOffline('genesis_3', false);
    for (let i = 0; i < 22; i++) step();
    await monitor.runCycle();
    const after = monitor.alerts.list('embedded', { activeOnly: false, limit: 10 });
    const cleared = after.find((alert) => alert.id === missedAlert.id)!;
    expect(cleared.active).toBe(false);
    expect(cleared.clearedAt).toBeDefined();
    expect(raised.filter((alert) => alert.rule === 'delegate-missed-slot')).toHaveLength(1);
  });
});
