/**
 * Which listed P2P interfaces get the follower's slots (core/sync/p2p-slots.ts, docs/design/sync.md "P2P"). ARK
 * Core keeps one peer per IP address (core-p2p `peer-repository.ts`), so no honest list names one address twice: an
 * address gets one slot while other addresses wait, its further ports wait behind them (a list may name an honest
 * node's address with a wrong port first), and what was never tried goes before what was.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseProbes,
  MAX_P2P_PER_ADDRESS,
  overAddressCap,
  replaced,
  TriedUrls,
  type SlotState,
} from '../../src/core/sync/p2p-slots';

const MAX = 12;
const ports = (ip: string, count: number, first = 4001) =>
  Array.from({ length: count }, (_, i) => `ws://${ip}:${first + i}`);
const never = () => false;

describe('choosing the P2P interfaces to probe', () => {
  it('gives an address one slot while other addresses wait, and its further ports the slots left', () => {
    const hostile = ports('5.39.9.1', MAX);
    const honest = ['ws://5.39.9.2:4001', 'ws://5.39.9.3:4001'];
    const state: SlotState = { followed: [], listed: new Set(), max: MAX };
    const probe = chooseProbes(state, [...hostile, ...honest], never);
    expect(MAX_P2P_PER_ADDRESS).toBe(1);
    expect(probe.slice(0, 3)).toEqual([hostile[0], ...honest]);
    // Not discarded: with no other address waiting, its further ports take the free slots.
    expect(probe).toEqual([hostile[0], ...honest, ...hostile.slice(1, MAX - 2)]);
  });

  it('takes an over-share slot back for an interface of another address, the newest first, once it is admitted', () => {
    const hostile = ports('5.39.9.1', MAX);
    const state: SlotState = { followed: hostile, listed: new Set(hostile), max: MAX };
    expect(overAddressCap(state)).toEqual(hostile.slice(1).reverse());
    const later = 'ws://5.39.9.2:4001';
    // Every slot is taken, yet the honest interface another peer lists later is probed…
    expect(chooseProbes(state, [...ports('5.39.9.1', 3, 5001), later], never)).toEqual([later]);
    // …and, admitted, takes the slot of the hostile address's newest interface; until then none gives one up.
    expect(replaced(state, 1)).toEqual([hostile[MAX - 1]]);
    expect(replaced(state, 0)).toEqual([]);
  });

  it('never takes a configured interface’s slot', () => {
    const configured = 'ws://5.39.9.1:4001';
    const listed = 'ws://5.39.9.1:4002';
    const state: SlotState = { followed: [configured, listed], listed: new Set([listed]), max: 2 };
    expect(chooseProbes(state, ['ws://5.39.9.2:4001'], never)).toEqual(['ws://5.39.9.2:4001']);
    expect(replaced(state, 1)).toEqual([listed]);
    const own: SlotState = { followed: [configured, 'ws://5.39.9.1:4003'], listed: new Set(), max: 2 };
    expect(chooseProbes(own, ['ws://5.39.9.2:4001'], never)).toEqual([]);
  });

  it('still reaches an honest node a list names with a wrong port first', () => {
    const wrong = 'ws://5.39.9.7:1';
    const right = 'ws://5.39.9.7:4001';
    const state: SlotState = { followed: ports('5.39.9.1', MAX - 1), listed: new Set(), max: MAX };
    expect(chooseProbes(state, [wrong, right], never)).toEqual([wrong]);
    // The wrong one, probed, is tried: the right one goes first now.
    expect(chooseProbes(state, [wrong, right], (url) => url === wrong)).toEqual([right]);
    // With two slots free both are probed at once.
    expect(chooseProbes({ ...state, followed: state.followed.slice(1) }, [wrong, right], never)).toEqual([
      wrong,
      right,
    ]);
  });

  it('probes what was never tried before what was, and never more than the slots at once', () => {
    const tried = 'ws://5.39.9.5:4001';
    const untried = 'ws://5.39.9.6:4001';
    const state: SlotState = { followed: ports('5.39.9.1', MAX - 1), listed: new Set(), max: MAX };
    expect(chooseProbes(state, [tried, untried], (url) => url === tried)).toEqual([untried]);
    const many = Array.from({ length: 100 }, (_, i) => `ws://5.40.${i}.1:4001`);
    expect(chooseProbes({ followed: [], listed: new Set(), max: MAX }, many, never)).toHaveLength(MAX);
  });

  it('follows one host’s several interfaces when no other address is listed (a local network)', () => {
    const local = ports('127.0.0.1', 4);
    const state: SlotState = { followed: local.slice(0, 2), listed: new Set(local.slice(0, 2)), max: 3 };
    expect(chooseProbes(state, local.slice(2), never)).toEqual([local[2]]);
    expect(chooseProbes({ ...state, max: 2 }, local.slice(2), never)).toEqual([]);
  });
});

describe('the interfaces remembered as tried', () => {
  it('are at most a bound, the oldest forgotten, and one that gave up its slot rests a while', () => {
    let now = 1_000;
    const tried = new TriedUrls(3, () => now);
    for (const url of ports('5.39.9.1', 10)) tried.add(url);
    expect(tried.size).toBe(3);
    expect(tried.has('ws://5.39.9.1:4001')).toBe(false);
    expect(tried.has('ws://5.39.9.1:4010')).toBe(true);
    tried.add('ws://5.39.9.2:4001', now + 500);
    expect(tried.resting('ws://5.39.9.2:4001')).toBe(true);
    expect(tried.resting('ws://5.39.9.1:4010')).toBe(false);
    now += 500;
    expect(tried.resting('ws://5.39.9.2:4001')).toBe(false);
  });
});
