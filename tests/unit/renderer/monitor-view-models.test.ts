/** The monitor screens' pure view models: charts, alerts, delegates, round, health, localnet. */
import { describe, expect, it } from 'vitest';
import type { BlockView, DelegateView } from '../../../src/shared/domain/chain-views';
import type { PageView } from '../../../src/shared/domain/common';
import type {
  MonitorAlertView,
  NodeSampleView,
  RoundSlotView,
  WatchedNodeView,
} from '../../../src/shared/domain/monitor';
import {
  checkSettingsForm,
  parseDelegateList,
} from '../../../src/renderer/features/alerts/alert-settings-model';
import { blockTimesSince } from '../../../src/renderer/lib/reads/delegate-history';
import {
  formatProductivity,
  hourlyHistory,
  joinProductivity,
  splitForgingSet,
} from '../../../src/renderer/features/delegates/delegate-rows';
import {
  defaultChartNode,
  nodeStateText,
  samplesToSeries,
} from '../../../src/renderer/features/health/health-model';
import {
  checkFaucetAmount,
  checkRollbackHeight,
  describeRollback,
} from '../../../src/renderer/features/localnet/localnet-model';
import {
  clockOffset,
  countStates,
  roundSummary,
  defaultCountdownDelegate,
  countdownWords,
  describeSlot,
  formatCountdown,
} from '../../../src/renderer/features/round/round-model';
import { alertStatusText, newlyRaised, openCount, partitionAlerts } from '../../../src/renderer/lib/alerts';
import {
  formatMeasure,
  summaryText,
  tableRows,
  timeRange,
  toAlignedData,
} from '../../../src/renderer/lib/time-series';

const alert = (id: string, over: Partial<MonitorAlertView> = {}): MonitorAlertView => ({
  id,
  rule: 'delegate-missed-slot',
  level: 'warning',
  message: `alert ${id}`,
  subject: 'pk',
  networkId: 'embedded',
  raisedAt: 1000,
  active: true,
  dismissed: false,
  count: 1,
  ...over,
});

const delegate = (username: string, rank: number | undefined, isResigned = false): DelegateView => ({
  username,
  address: `A${username}`,
  publicKey: `pk-${username}`,
  votes: '100',
  ...(rank === undefined ? {} : { rank }),
  isResigned,
  producedBlocks: 5,
  approval: 1.5,
  forgedTotal: '200',
});

describe('time series', () => {
  it('sorts by time, converts to seconds and keeps gaps as null', () => {
    const data = toAlignedData([3000, 1000, 2000], [{ label: 'L', values: [3, 1, null] }]);
    expect(data).toEqual([
      [1, 2, 3],
      [1, null, 3],
    ]);
  });
  it('summarises without counting gaps as zero', () => {
    expect(summaryText([{ label: 'Latency', unit: 'ms', values: [10, null, 20, 12.345] }])).toBe(
      'Latency: latest 12.35 ms, min 10 ms, average 14.12 ms, max 20 ms over 3 samples.',
    );
    expect(summaryText([{ label: 'Lag', values: [null] }])).toBe('Lag: no samples yet.');
    expect(formatMeasure(undefined)).toBe('—');
    expect(formatMeasure(2.5, 's')).toBe('2.5 s');
  });
  it('widens a narrow or empty time axis to the minimum span', () => {
    expect(timeRange(100, 5000, 3600)).toEqual([100, 5000]);
    expect(timeRange(3600, 3600, 3600)).toEqual([1800, 5400]);
    expect(timeRange(null, null, 60, 1000)).toEqual([940, 1000]);
  });
  it('lists the newest rows first, up to the limit', () => {
    const rows = tableRows([1000, 2000, 3000], [{ label: 'L', values: [1, 2, 3] }], 2);
    expect(rows).toEqual([
      { at: 3000, values: [3] },
      { at: 2000, values: [2] },
    ]);
  });
});

describe('alerts', () => {
  it('announces only open alerts not seen before, and nothing on the first load', () => {
    const list = [alert('a'), alert('b', { dismissed: true }), alert('c', { active: false })];
    expect(newlyRaised(undefined, list)).toEqual([]);
    expect(newlyRaised(new Set(), list).map((a) => a.id)).toEqual(['a']);
    // A coalesced alert keeps its id: its growing count is not a new notification.
    expect(newlyRaised(new Set(['a']), [alert('a', { count: 5 })])).toEqual([]);
  });
  it('counts and orders open alerts before the rest, newest first', () => {
    const list = [
      alert('old', { raisedAt: 1 }),
      alert('new', { raisedAt: 2 }),
      alert('done', { active: false }),
    ];
    expect(openCount(list)).toBe(2);
    const { open, recent } = partitionAlerts(list);
    expect(open.map((a) => a.id)).toEqual(['new', 'old']);
    expect(recent.map((a) => a.id)).toEqual(['done']);
  });
  it('says whether an alert is active, dismissed or cleared', () => {
    const t = (ms: number) => `t${ms}`;
    expect(alertStatusText(alert('a'), t)).toBe('Active');
    expect(alertStatusText(alert('a', { dismissed: true }), t)).toBe('Dismissed (condition still active)');
    expect(alertStatusText(alert('a', { active: false, clearedAt: 5 }), t)).toBe('Cleared t5');
  });
  it('parses and checks the settings form', () => {
    expect(parseDelegateList(' genesis_1, genesis_2\ngenesis_1 ')).toEqual(['genesis_1', 'genesis_2']);
    expect(checkSettingsForm('genesis_3', { behindThreshold: 5, stallSeconds: 60, pollSeconds: 5 })).toEqual({
      ok: true,
      myDelegates: ['genesis_3'],
    });
    expect(checkSettingsForm('', { behindThreshold: 0, stallSeconds: 60, pollSeconds: 5 }).ok).toBe(false);
    expect(checkSettingsForm('', { behindThreshold: 5, stallSeconds: 2, pollSeconds: 5 }).ok).toBe(false);
    expect(checkSettingsForm('', { behindThreshold: 5, stallSeconds: 60, pollSeconds: 0.5 }).ok).toBe(false);
  });
});

describe('delegates', () => {
  it('joins the monitor productivity by public key; unknown stays undefined, not zero', () => {
    const rows = joinProductivity([delegate('a', 1), delegate('b', 2)], {
      window: 'day',
      from: 0,
      to: 1,
      delegates: [
        {
          publicKey: 'pk-a',
          produced: 9,
          missed: 1,
          productivity: 90,
          lastBlock: { height: 7, timestamp: 5 },
        },
      ],
    });
    expect(rows[0]).toMatchObject({ missed: 1, productivity: 90, lastBlockAt: 5 });
    expect(rows[1]).toMatchObject({ missed: undefined, productivity: undefined });
    expect(formatProductivity(undefined)).toBe('—');
    expect(formatProductivity(97.123)).toBe('97.12%');
  });
  it('splits the forging set from standby; a resigned or unranked delegate stands by', () => {
    const { active, standby } = splitForgingSet(
      [
        delegate('a', 1),
        delegate('b', 21),
        delegate('c', 22),
        delegate('d', undefined, true),
        delegate('e', 3, true),
      ],
      21,
    );
    expect(active.map((d) => d.username)).toEqual(['a', 'b']);
    expect(standby.map((d) => d.username)).toEqual(['c', 'd', 'e']);
  });
  it('buckets produced and missed per hour from the covered hour on', () => {
    const H = 3_600_000;
    const history = hourlyHistory([H + 1, H + 2, 2 * H + 5], [2 * H + 10], 0, 2 * H + 100, H + 1);
    expect(history.hours).toEqual([H, 2 * H]);
    expect(history.produced).toEqual([2, 1]);
    expect(history.missed).toEqual([0, 1]);
  });
  it('reads block times back to the window start, or says how far the capped read got', async () => {
    const block = (unix: number) => ({ timestamp: { epoch: 0, unix, human: '' } }) as BlockView;
    const pages: Array<PageView<BlockView>> = [
      { meta: { page: 1, limit: 2, count: 2, totalCount: 6, pageCount: 3 }, data: [block(50), block(40)] },
      { meta: { page: 2, limit: 2, count: 2, totalCount: 6, pageCount: 3 }, data: [block(30), block(20)] },
      { meta: { page: 3, limit: 2, count: 2, totalCount: 6, pageCount: 3 }, data: [block(10), block(5)] },
    ];
    const fetch = (page: number) => Promise.resolve(pages[page - 1]!);
    expect(await blockTimesSince(fetch, 35_000, 10)).toEqual({ times: [50_000, 40_000], since: 35_000 });
    expect(await blockTimesSince(fetch, 0, 2)).toEqual({
      times: [50_000, 40_000, 30_000, 20_000],
      since: 20_000,
    });
    expect(await blockTimesSince(fetch, 0, 10)).toEqual({
      times: [50_000, 40_000, 30_000, 20_000, 10_000, 5_000],
      since: 0,
    });
  });
});

describe('round timeline', () => {
  const slot = (index: number, username: string, state: RoundSlotView['state']): RoundSlotView => ({
    slot: 100 + index,
    index,
    publicKey: `pk-${username}`,
    username,
    startsAt: 1000 * index,
    state,
  });
  it('formats countdowns', () => {
    expect(formatCountdown(-5)).toBe('now');
    expect(formatCountdown(7_200)).toBe('8 s');
    expect(formatCountdown(65_000)).toBe('1 min 05 s');
    expect(formatCountdown(2 * 3_600_000 + 3 * 60_000)).toBe('2 h 03 min');
    expect(clockOffset({ now: 10_500 }, 10_000)).toBe(500);
  });
  it('words a slot of this round as certain and one of the next round as a prediction', () => {
    const base = { publicKey: 'pk', username: 'genesis_1', inForgingSet: true, nextSlotAt: 65_000 };
    expect(countdownWords({ ...base, predicted: false }, 0)).toBe('genesis_1 forges in 1 min 05 s');
    expect(countdownWords({ ...base, predicted: true }, 0)).toBe(
      'genesis_1 forges next round, in about 1 min 05 s if the ranking holds and no slot before it is missed',
    );
    expect(countdownWords({ publicKey: 'pk', inForgingSet: false }, 0)).toBe(
      'This delegate is not in the forging set.',
    );
  });
  it('describes slots in words and counts states', () => {
    const slots = [
      slot(0, 'a', 'forged'),
      slot(1, 'b', 'missed'),
      slot(2, 'c', 'current'),
      slot(3, 'd', 'upcoming'),
    ];
    expect(describeSlot({ ...slots[0]!, height: 42 }, 21)).toBe('Slot 1 of 21: a, forged, block 42');
    expect(describeSlot(slots[1]!, 21)).toBe('Slot 2 of 21: b, missed');
    expect(countStates(slots)).toEqual({ forged: 1, missed: 1, current: 1, upcoming: 1 });
  });
  it('sums the round so the numbers add up: blocks forged + to come, missed slots on top', () => {
    const slots = [
      slot(0, 'a', 'forged'),
      slot(1, 'b', 'missed'),
      slot(2, 'c', 'forged'),
      slot(3, 'd', 'current'),
      slot(4, 'e', 'upcoming'),
    ];
    // A 4-block round: 2 forged + 2 to come = 4 blocks, one slot missed, 5 slots listed.
    const round = { firstHeight: 5, activeDelegates: 4, blockTime: 8 };
    expect(roundSummary(slots, round)).toBe(
      '4 blocks: 2 forged + 2 to come · 1 slot missed · 5 slots of 8 s',
    );
    const none = slots.filter((one) => one.state !== 'missed');
    expect(roundSummary(none, round)).toBe(
      '4 blocks: 2 forged + 2 to come · no slot missed · 4 slots of 8 s',
    );
    // Round 1: the genesis block is one of its blocks, without a slot.
    expect(roundSummary(slots.slice(1), { ...round, firstHeight: 1 })).toBe(
      '4 blocks: the genesis block + 1 forged + 2 to come · 1 slot missed · 4 slots of 8 s',
    );
  });
  it('counts down to the first of my delegates that forges this round', () => {
    const slots = [slot(0, 'a', 'forged'), slot(1, 'b', 'upcoming')];
    expect(defaultCountdownDelegate(['zzz', 'b', 'a'], slots)).toBe('pk-b');
    expect(defaultCountdownDelegate(['pk-a'], slots)).toBe('pk-a');
    expect(defaultCountdownDelegate([], slots)).toBeUndefined();
  });
});

describe('node health', () => {
  it('turns samples into series with gaps for unreachable polls', () => {
    const samples: NodeSampleView[] = [
      { at: 2000, reachable: false, latencyMs: 900 },
      { at: 1000, reachable: true, lagBlocks: 0, blockIntervalS: 8, latencyMs: 12 },
    ];
    const series = samplesToSeries(samples);
    expect(series.timestamps).toEqual([1000, 2000]);
    expect(series.latency[0]?.values).toEqual([12, null]);
    expect(series.lag[0]?.values).toEqual([0, null]);
  });
  it('states a node in words and picks my node first', () => {
    const node = (over: Partial<WatchedNodeView>): WatchedNodeView => ({
      id: 'n',
      url: 'u',
      label: 'l',
      own: false,
      custom: false,
      reachable: true,
      ...over,
    });
    expect(nodeStateText(node({ reachable: false, error: 'timeout' }))).toBe('Unreachable: timeout');
    expect(nodeStateText(node({ height: 5, blocksBehind: 1, synced: false }))).toBe(
      'Syncing, 1 block behind',
    );
    expect(nodeStateText(node({ height: 5, blocksBehind: 0, synced: true }))).toBe('In sync');
    // A height above what the chain can have reached is the node's claim, not "in sync".
    expect(
      nodeStateText(node({ height: 99_999_999, blocksBehind: 0, synced: true, heightBelieved: false })),
    ).toMatch(/^Not believed: claims a height above what the chain can have reached/);
    expect(defaultChartNode([node({ id: 'x' }), node({ id: 'mine', own: true })])).toBe('mine');
    expect(defaultChartNode([])).toBeUndefined();
  });
});

describe('localnet panel', () => {
  it('checks a rollback height against the tip', () => {
    expect(checkRollbackHeight('10', 50)).toEqual({ ok: true, value: 10 });
    expect(checkRollbackHeight('50', 50).ok).toBe(false);
    expect(checkRollbackHeight('0', 50).ok).toBe(false);
    expect(checkRollbackHeight('1.5', 50).ok).toBe(false);
  });
  it('checks a faucet amount in tokens', () => {
    expect(checkFaucetAmount('')).toEqual({ ok: true, value: undefined });
    expect(checkFaucetAmount('1.5')).toEqual({ ok: true, value: '150000000' });
    expect(checkFaucetAmount('0').ok).toBe(false);
    expect(checkFaucetAmount('100001').ok).toBe(false);
  });
  it('describes what a rollback did', () => {
    const result = { reverted: 3, reapplied: 0, height: 7, lastBlockId: 'x', poolSize: 2 };
    expect(describeRollback({ ...result, returned: 2, dropped: 0 }, 'Rolled back')).toBe(
      'Rolled back: now at height 7, 3 blocks reverted, 2 transactions taken off the chain: 2 back in the pool.',
    );
    expect(describeRollback({ ...result, returned: 1, dropped: 1 }, 'Rolled back')).toBe(
      'Rolled back: now at height 7, 3 blocks reverted, 2 transactions taken off the chain: 1 back in the pool, ' +
        '1 dropped (it no longer applies to the chain as it is now, for example spending funds a reverted block ' +
        'brought; send again once they can).',
    );
    expect(describeRollback({ ...result, returned: 0, dropped: 0 }, 'Rolled back')).toBe(
      'Rolled back: now at height 7, 3 blocks reverted; they held no transactions.',
    );
  });
});
