/**
 * The chain and monitor screens' reads (src/renderer/lib/reads/): one read per key however many screens show it
 * (shared-read.ts), and keys that move with what the screen shows — a block, the monitor's `monitor:update` topics,
 * the active network — paced where a read per 1-second block would be a read a second. The host is replaced: each
 * channel answers from `host` below and counts its calls; the store is the real one, moved by its own actions
 * (blockArrived, monitorUpdated) as the host's push events move it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockEvent, NodeStatusView } from '../../../src/shared/domain/chain-views';

const host = vi.hoisted(() => ({
  calls: [] as Array<{ channel: string; request: unknown }>,
  /** A channel's answer. */
  answer: (channel: string, request: unknown): unknown => ({ channel, request }),
}));
vi.mock('../../../src/renderer/services/call', () => ({
  call: (channel: string, request: unknown): Promise<unknown> => {
    host.calls.push({ channel, request });
    return Promise.resolve(host.answer(channel, request));
  },
}));

const { createVotaryStore } = await import('../../../src/renderer/store');
const { changeTick } = await import('../../../src/renderer/store/host-changes');
const { MAX_KEPT, sharedRead } = await import('../../../src/renderer/lib/reads/shared-read');
const { DELEGATES_PACE_MS, NAMES_PACE_MS, delegatesTick, namesTick, readDelegateList, readDelegatesPage } =
  await import('../../../src/renderer/lib/reads/delegates');
const { NODES_MOVE_WITH, ROUND_MOVES_WITH, readProductivity } =
  await import('../../../src/renderer/lib/reads/monitor');
const { EXPLORER_MOVES_WITH } = await import('../../../src/renderer/lib/reads/explorer');

const node = (networkId: string, height: number): NodeStatusView => ({
  networkId,
  height,
  blockId: `b${height}`,
  synced: true,
  syncing: false,
  blocksBehind: 0,
  progress: 1,
});
const block = (networkId: string, height: number, at: number): BlockEvent => ({
  networkId,
  height,
  id: `${networkId}-b${height}`,
  transactions: 0,
  at,
});
/** A store on `networkId` at height 100, its last block seen at `at`. */
function storeAt(networkId = 'localnet', at = 1_000_000) {
  const store = createVotaryStore();
  store.setState({ node: node(networkId, 100), lastBlock: block(networkId, 100, at) });
  return store;
}
const callsTo = (channel: string) => host.calls.filter((c) => c.channel === channel);

beforeEach(() => {
  host.calls = [];
  host.answer = (channel, request) => ({ channel, request });
});

describe('one read per key, however many screens show it', () => {
  it('two screens asking at once make one host call and get the same answer', async () => {
    const load = () => Promise.resolve(host.calls.push({ channel: 'x', request: 1 }));
    const [a, b] = await Promise.all([sharedRead('one#t1', load), sharedRead('one#t1', load)]);
    expect(a).toBe(b);
    expect(callsTo('x')).toHaveLength(1);
    // A screen opened later at the same tick takes the answer kept for it; a new tick is a new read.
    await sharedRead('one#t1', load);
    expect(callsTo('x')).toHaveLength(1);
    await sharedRead('one#t2', load);
    expect(callsTo('x')).toHaveLength(2);
  });

  it('keeps no failure: the next reader of the key asks again', async () => {
    let fail = true;
    const load = () => {
      host.calls.push({ channel: 'y', request: undefined });
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve('answer');
    };
    await expect(sharedRead('fails#t', load)).rejects.toThrow('offline');
    fail = false;
    await expect(sharedRead('fails#t', load)).resolves.toBe('answer');
    expect(callsTo('y')).toHaveLength(2);
  });

  it('holds only the last MAX_KEPT keys', async () => {
    const load = () => Promise.resolve(host.calls.push({ channel: 'z', request: undefined }));
    await sharedRead('first#t', load);
    for (let i = 0; i < MAX_KEPT; i++) await sharedRead(`other-${i}#t`, load);
    const before = callsTo('z').length;
    await sharedRead('first#t', load);
    expect(callsTo('z')).toHaveLength(before + 1);
  });

  it('the Delegates and Vote pages read page 1 once; the Dashboard’s and the history’s names once', async () => {
    const store = storeAt('shared-page');
    const tick = delegatesTick(store.getState());
    await Promise.all([readDelegatesPage(1, '', tick), readDelegatesPage(1, '', tick)]);
    expect(callsTo('chain:delegates')).toHaveLength(1);
    host.answer = () => ({ data: [], meta: { pageCount: 3 } });
    const names = namesTick(store.getState());
    await Promise.all([readDelegateList(names), readDelegateList(names)]);
    expect(callsTo('chain:delegates').map((c) => c.request)).toEqual([
      { page: 1, limit: 100 },
      { page: 1, limit: 100 },
      { page: 2, limit: 100 },
      { page: 3, limit: 100 },
    ]);
  });

  it('a delegate’s page reads the monitor’s day once for its table and its chart', async () => {
    await Promise.all([readProductivity('day', 'page#1'), readProductivity('day', 'page#1')]);
    expect(callsTo('monitor:productivity')).toHaveLength(1);
  });
});

describe('what the screens’ reads move with', () => {
  it('a transaction, a block and the random values are read again on each block of the active network', () => {
    // Before, these pages were keyed on their id alone: a transaction seen in the pool stayed "Waiting in the
    // node’s pool" after the block that confirmed it, a block's confirmations and "Next block" never moved.
    const store = storeAt();
    const before = changeTick(store.getState(), EXPLORER_MOVES_WITH);
    store.getState().blockArrived(block('localnet', 101, 1_001_000));
    expect(changeTick(store.getState(), EXPLORER_MOVES_WITH)).not.toBe(before);
  });

  it('the round is read again on a block and on the monitor’s round update', () => {
    const store = storeAt();
    const tick = () => changeTick(store.getState(), ROUND_MOVES_WITH);
    const start = tick();
    store.getState().monitorUpdated({ networkId: 'localnet', topics: ['round'], at: 1 });
    const afterRound = tick();
    expect(afterRound).not.toBe(start);
    store.getState().blockArrived(block('localnet', 101, 1_001_000));
    expect(tick()).not.toBe(afterRound);
    // Another network's monitor does not move this one's round.
    const settled = tick();
    store.getState().monitorUpdated({ networkId: 'devnet', topics: ['round'], at: 2 });
    expect(tick()).toBe(settled);
  });

  it('the node health moves with the monitor’s polls and with a switch of the network', () => {
    // Before, the overview was keyed on the nodes counter alone: after a network switch the last network's
    // nodes stayed on screen until the new network's monitor happened to poll.
    const store = storeAt();
    const tick = () => changeTick(store.getState(), NODES_MOVE_WITH);
    const start = tick();
    store.getState().monitorUpdated({ networkId: 'localnet', topics: ['nodes'], at: 1 });
    const polled = tick();
    expect(polled).not.toBe(start);
    store.setState({ node: node('devnet', 5) });
    expect(tick()).not.toBe(polled);
  });

  it('a table of delegates is read once per 10 s of 1-second blocks, and at once when a vote of the vault’s is confirmed', () => {
    const store = storeAt('localnet', 0);
    const ticks = new Set<string>();
    for (let second = 0; second < 60; second++) {
      store.getState().blockArrived(block('localnet', 100 + second, second * 1000));
      ticks.add(delegatesTick(store.getState()));
    }
    expect(ticks.size).toBe((60 * 1000) / DELEGATES_PACE_MS);
    // The voting wallet's chain state moves on the block that confirms its vote: the votes shown move then.
    const before = delegatesTick(store.getState());
    store.setState({
      wallets: [{ id: 'w1', address: 'D1' } as never],
      chainWalletsNetworkId: 'localnet',
      chainWallets: { D1: { address: 'D1', known: true, balance: '90', nonce: '2', lockedBalance: '0' } },
    });
    expect(delegatesTick(store.getState())).not.toBe(before);
  });

  it('the names are read once a minute of blocks, and again on another network', () => {
    // Before, the Dashboard's names were read once ('delegate-names'): another network's names stayed.
    const store = storeAt('localnet', 0);
    const ticks = new Set<string>();
    for (let second = 0; second < 120; second++) {
      store.getState().blockArrived(block('localnet', 100 + second, second * 1000));
      ticks.add(namesTick(store.getState()));
    }
    expect(ticks.size).toBe((120 * 1000) / NAMES_PACE_MS);
    const before = namesTick(store.getState());
    store.setState({ node: node('devnet', 5) });
    expect(namesTick(store.getState())).not.toBe(before);
  });
});
