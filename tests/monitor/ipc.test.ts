/**
 * The monitor's channels through AppCore: a real core with the embedded localnet forging
 * 1-second blocks; answers parse through the contract's response schemas; invalid payloads are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import { call, nextEvent, openCore, removeDir, tempDir } from '../services/support';

let dir: string;
let core: AppCore;

beforeAll(async () => {
  dir = tempDir('votary-monitor-ipc-');
  core = await openCore(dir);
  // Let the node forge a few blocks and the monitor run a cycle after one of them.
  await nextEvent(core, 'monitor:update', (p: { topics: string[] }) => p.topics.includes('blocks'));
});

afterAll(async () => {
  await core.close();
  removeDir(dir);
});

describe('monitor channels', () => {
  it('answers the overview of the embedded node', async () => {
    const overview = await call(core, 'monitor:overview');
    expect(overview.networkId).toBe('embedded');
    expect(overview.running).toBe(true);
    const [own] = overview.nodes;
    expect(own).toMatchObject({ id: 'embedded', own: true, custom: false, reachable: true, blocksBehind: 0 });
    expect(own!.height).toBeGreaterThan(1);
    expect(own!.version).toBeDefined();
    expect(overview.forks).toEqual([]);
  });

  it('answers the round with 21 forging positions and the time to a delegate’s next slot', async () => {
    const round = await call(core, 'monitor:round', { delegate: 'genesis_1' });
    expect(round.activeDelegates).toBe(21);
    expect(round.blockTime).toBe(1);
    // Round 1 holds the genesis block, which has no slot.
    const blocks = round.round === 1 ? 20 : 21;
    expect(round.slots.filter((slot) => slot.state !== 'missed')).toHaveLength(blocks);
    expect(round.slots.some((slot) => slot.state === 'forged')).toBe(true);
    expect(round.delegate).toMatchObject({ username: 'genesis_1', inForgingSet: true });
    expect(round.delegate!.nextSlotAt).toBeGreaterThan(round.now);
  });

  it('answers productivity, missed slots and samples', async () => {
    const day = await call(core, 'monitor:productivity', { window: 'day' });
    expect(day.window).toBe('day');
    expect(day.delegates).toHaveLength(21);
    expect(await call(core, 'monitor:productivity')).toMatchObject({ window: 'day' });
    expect(Array.isArray(await call(core, 'monitor:missed-slots', { limit: 5 }))).toBe(true);
    const samples = await call(core, 'monitor:samples', { nodeId: 'embedded' });
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.at(-1)).toMatchObject({ reachable: true, lagBlocks: 0 });
  });

  it('reads and updates the settings', async () => {
    const before = await call(core, 'monitor:settings');
    expect(before.rules.fork).toBe(true);
    const after = await call(core, 'monitor:settings', { behindThreshold: 3, rules: { fork: false } });
    expect(after).toMatchObject({ behindThreshold: 3, rules: { fork: false, 'node-behind': true } });
    expect(await call(core, 'monitor:settings')).toEqual(after);
  });

  it('lists and dismisses alerts', async () => {
    expect(Array.isArray(await call(core, 'monitor:alerts', { activeOnly: true }))).toBe(true);
    expect(await call(core, 'monitor:dismiss-alert', {})).toBeNull();
  });

  it('refuses a node that does not answer, and removing the own node', async () => {
    const add = await core.request('monitor:nodes-add', { url: 'http://127.0.0.1:9' });
    expect(add.ok).toBe(false);
    const remove = await core.request('monitor:nodes-remove', { nodeId: 'embedded' });
    expect(remove).toMatchObject({ ok: false, error: { code: 'ERR_MONITOR_NOT_REMOVABLE' } });
    const unknown = await core.request('monitor:samples', { nodeId: 'nope' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'ERR_MONITOR_UNKNOWN_NODE' } });
    const delegate = await core.request('monitor:round', { delegate: 'nobody_here' });
    expect(delegate).toMatchObject({ ok: false, error: { code: 'ERR_MONITOR_UNKNOWN_DELEGATE' } });
  });

  it.each([
    ['monitor:overview', { extra: 1 }],
    ['monitor:round', { delegate: '' }],
    ['monitor:productivity', { window: 'year' }],
    ['monitor:missed-slots', { limit: 0 }],
    ['monitor:samples', {}],
    ['monitor:nodes-add', { url: 42 }],
    ['monitor:nodes-remove', { nodeId: '' }],
    ['monitor:settings', { behindThreshold: -1 }],
    ['monitor:settings', { rules: { nonsense: true } }],
    ['monitor:alerts', { limit: 10_000 }],
    ['monitor:dismiss-alert', { id: 5 }],
  ])('refuses an invalid %s payload', async (channel, payload) => {
    const result = await core.request(channel, payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'ERR_INVALID_REQUEST' } });
  });
});
