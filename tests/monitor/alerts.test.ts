/**
 * Issue 6 §2 alert semantics: raised once when the condition starts, not repeated while it lasts, cleared when
 * it ends; a rule switched off raises nothing (and clears what it had raised); one-shot events; persistence
 * across a restart; and sample retention keeping a week of polling small.
 */
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertEngine } from '../../src/core/monitor/alert-engine';
import {
  delegateChangeRule,
  forgingSetRule,
  ownNodeRules,
  votedDelegateRule,
} from '../../src/core/monitor/alert-rules';
import { MonitorSettingsStore } from '../../src/core/monitor/settings';
import { AlertStore } from '../../src/core/db/monitor/alert-store';
import { MetaStore } from '../../src/core/db/monitor/meta';
import { openMonitorDatabase } from '../../src/core/db/monitor/monitor-db';
import { SampleStore } from '../../src/core/db/monitor/samples';
import type { MonitorAlertView } from '../../src/shared/domain/monitor';
import { removeTempDirs, tempDir } from './support';

const open: Database.Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  removeTempDirs();
});

function setup(file = join(tempDir(), 'monitor.db')) {
  const db = openMonitorDatabase(file);
  open.push(db);
  const store = new AlertStore(db);
  const settings = new MonitorSettingsStore(new MetaStore(db));
  const raised: MonitorAlertView[] = [];
  const engine = new AlertEngine(
    store,
    () => settings.get(),
    (alert, change) => {
      if (change === 'raised') raised.push(alert);
    },
  );
  return { db, store, settings, engine, raised, file };
}

const warn = (message: string) => ({ level: 'warning' as const, message });

describe('alert engine', () => {
  it('raises once, does not repeat while the condition lasts, clears when it ends, raises again later', () => {
    const { engine, store, raised } = setup();
    engine.set('n', 'node-behind', 'embedded', warn('12 behind'), 1);
    engine.set('n', 'node-behind', 'embedded', warn('13 behind'), 2);
    engine.set('n', 'node-behind', 'embedded', warn('14 behind'), 3);
    expect(raised).toHaveLength(1);
    expect(store.list('n', { activeOnly: true, limit: 10 })).toHaveLength(1);
    engine.set('n', 'node-behind', 'embedded', undefined, 4);
    const [cleared] = store.list('n', { activeOnly: false, limit: 10 });
    expect(cleared).toMatchObject({ active: false, clearedAt: 4, raisedAt: 1, message: '12 behind' });
    engine.set('n', 'node-behind', 'embedded', warn('again'), 5);
    expect(raised).toHaveLength(2);
  });

  it('raises nothing for a rule switched off, and clears its active alerts when switched off', () => {
    const { engine, store, settings, raised } = setup();
    settings.update({ rules: { fork: false } });
    engine.set('n', 'fork', 'fork', warn('fork'), 1);
    engine.occur('n', 'fork', 'fork', warn('fork'), 1);
    engine.event('n', 'fork', 'fork', warn('fork'), 1);
    expect(raised).toHaveLength(0);
    engine.set('n', 'node-stalled', 'embedded', warn('stalled'), 2);
    expect(raised).toHaveLength(1);
    settings.update({ rules: { 'node-stalled': false } });
    engine.applySettings('n', 3);
    expect(store.list('n', { activeOnly: true, limit: 10 })).toEqual([]);
    expect(settings.get().rules).toMatchObject({ fork: false, 'node-stalled': false, 'node-behind': true });
  });

  it('coalesces occurrences into the active alert and keeps alerts per network', () => {
    const { engine, store, raised } = setup();
    for (let slot = 1; slot <= 4; slot++)
      engine.occur('n', 'delegate-missed-slot', 'key', warn(`slot ${slot}`), slot);
    engine.occur('other', 'delegate-missed-slot', 'key', warn('slot 9'), 9);
    expect(raised).toHaveLength(2);
    const [alert] = store.list('n', { activeOnly: true, limit: 10 });
    expect(alert).toMatchObject({ count: 4, message: 'slot 4', raisedAt: 1 });
    expect(store.list('other', { activeOnly: true, limit: 10 })).toHaveLength(1);
    expect(store.dismiss('n', alert!.id)).toBe(true);
    expect(store.list('n', { activeOnly: false, limit: 10 })).toEqual([]);
  });

  it('does not raise a lasting condition again after a restart (alerts are persisted)', () => {
    const first = setup();
    first.engine.set('n', 'fork', 'fork', warn('fork'), 1);
    first.db.close();
    open.splice(open.indexOf(first.db), 1);
    const second = setup(first.file);
    second.engine.set('n', 'fork', 'fork', warn('fork'), 2);
    expect(second.raised).toHaveLength(0);
  });

  it('forging set: not in the set is a condition; leaving warns once, entering is reported once and clears it', () => {
    const { engine, store, raised } = setup();
    const ctx = { engine, network: 'n', now: 1, name: (key: string) => key };
    const previous = new Map<string, boolean>();
    const mine = new Set(['d']);
    forgingSetRule(ctx, mine, new Set(['d']), previous);
    forgingSetRule(ctx, mine, new Set(['d']), previous);
    expect(raised).toHaveLength(0);
    forgingSetRule(ctx, mine, new Set(['x']), previous);
    forgingSetRule(ctx, mine, new Set(['x']), previous);
    expect(raised.map((a) => a.message)).toEqual(['d left the forging set.']);
    forgingSetRule(ctx, mine, new Set(['d']), previous);
    expect(raised.map((a) => a.message)).toEqual(['d left the forging set.', 'd entered the forging set.']);
    expect(store.list('n', { activeOnly: true, limit: 10 })).toEqual([]);
  });

  it('rank and voter changes: one-shot alerts in words of the token, listed cleared, off when switched off', () => {
    const { engine, store, settings, raised } = setup();
    const ctx = { engine, network: 'n', now: 1, name: (key: string) => (key === 'k' ? 'genesis_3' : key) };
    const TOKEN = 100_000_000n;
    delegateChangeRule(
      ctx,
      [
        { kind: 'rank', publicKey: 'k', from: 5, to: 7 },
        { kind: 'joined', publicKey: 'k', address: 'Djoins', balance: 1_234_567n * TOKEN + 50_000_000n },
        { kind: 'left', publicKey: 'k', address: 'Dleaves', balance: 20n * TOKEN },
        { kind: 'balance', publicKey: 'k', address: 'Dmoves', from: 5_000n * TOKEN, to: 3_900n * TOKEN },
        { kind: 'more', publicKey: 'k', count: 4 },
      ],
      'VTY',
    );
    expect(raised.map((a) => [a.rule, a.level, a.message])).toEqual([
      ['delegate-rank', 'warning', 'genesis_3 moved from rank 5 to rank 7.'],
      ['delegate-voters', 'info', 'Djoins now votes for genesis_3 with 1,234,567.5 VTY.'],
      ['delegate-voters', 'warning', 'Dleaves no longer votes for genesis_3 (it had 20 VTY).'],
      ['delegate-voters', 'warning', 'Dmoves, a voter of genesis_3, moved out 1,100 VTY (now 3,900 VTY).'],
      ['delegate-voters', 'info', '4 more changes among the voters of genesis_3.'],
    ]);
    expect(store.list('n', { activeOnly: true, limit: 10 })).toEqual([]);
    settings.update({ rules: { 'delegate-rank': false } });
    delegateChangeRule(ctx, [{ kind: 'rank', publicKey: 'k', from: 7, to: 3 }], 'VTY');
    expect(raised).toHaveLength(5);
  });

  it('voted delegates: resigned or out of the set raise one alert each, cleared when back', () => {
    const { engine, store, raised } = setup();
    const ctx = { engine, network: 'n', now: 1, name: (key: string) => key };
    votedDelegateRule(ctx, new Set(['a', 'b', 'c']), new Set(['b']), new Set(['a']));
    votedDelegateRule(ctx, new Set(['a', 'b', 'c']), new Set(['b']), new Set(['a']));
    expect(raised.map((a) => a.subject).sort()).toEqual(['b', 'c']);
    votedDelegateRule(ctx, new Set(['a', 'b', 'c']), new Set(['b']), new Set(['a', 'c']));
    expect(store.list('n', { activeOnly: true, limit: 10 }).map((a) => a.subject)).toEqual(['b']);
  });

  it('own node: stopped advancing for S seconds, and unreachable counts as stopped', () => {
    const { engine, store } = setup();
    const node = (now: number, snapshot: { reachable: boolean; advancedAt: number; height?: number }) =>
      ownNodeRules(
        { engine, network: 'n', now, name: (k) => k },
        { id: 'embedded', label: 'Mine', snapshot: { checkedAt: now, ...snapshot }, lag: 0 },
        10,
        60,
      );
    node(30_000, { reachable: true, advancedAt: 0, height: 5 });
    expect(store.list('n', { activeOnly: true, limit: 10 })).toEqual([]);
    node(61_000, { reachable: false, advancedAt: 0 });
    const [stalled] = store.list('n', { activeOnly: true, limit: 10 });
    expect(stalled).toMatchObject({ rule: 'node-stalled', level: 'error' });
    expect(stalled!.message).toContain('does not answer');
    node(62_000, { reachable: true, advancedAt: 62_000, height: 6 });
    expect(store.list('n', { activeOnly: true, limit: 10 })).toEqual([]);
  });
});

describe('sample retention', () => {
  it('keeps a week of 10-second polling to a few thousand rows per node', () => {
    const { db } = setup();
    const samples = new SampleStore(db);
    const week = 7 * 24 * 3_600_000;
    const now = 10 * week;
    const insert = db.transaction(() => {
      for (let at = now - week - 3_600_000; at <= now; at += 10_000) {
        samples.add('n', 'embedded', { at, height: at / 1000, latencyMs: 3, reachable: true });
      }
    });
    insert();
    samples.prune(now);
    const rows = samples.list('n', 'embedded', 0, 1_000_000);
    // Last hour at full rate (360), one a minute to a day (1,380), one per 10 minutes to a week (864).
    expect(rows.length).toBeLessThanOrEqual(361 + 1_381 + 865);
    expect(rows.length).toBeGreaterThan(2_500);
    expect(rows[0]!.at).toBeGreaterThanOrEqual(now - week);
    const lastHour = rows.filter((row) => row.at >= now - 3_600_000);
    expect(lastHour.length).toBe(361);
  });
});
