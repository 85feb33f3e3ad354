import { describe, expect, it } from 'vitest';
import type { OwnNodeView } from '../../../src/shared/domain/own-node';
import {
  bannedPeerWords,
  bytes,
  duration,
  ownNodeSummary,
  ownNodeTone,
  percent,
} from '../../../src/renderer/features/follower/own-node-words';

const base: OwnNodeView = {
  networkId: 'n',
  state: 'syncing',
  height: 1_200,
  target: 2_857,
  blocksBehind: 1_657,
  blocksPerSecond: 390.4,
  etaSeconds: 5,
  peers: [],
  error: null,
  apiUrl: 'http://127.0.0.1:5000/api',
  directory: '/data/followed/abc/testnet',
};

describe("an own node's state in words", () => {
  it('syncing: progress, heights, rate and time left', () => {
    // The target is the peers' word: it is said to be claimed, the height verified.
    expect(ownNodeSummary(base)).toBe(
      'Syncing 42% · 1,200 verified of 2,857 claimed · 390 blocks/s · about 5 s left',
    );
    expect(ownNodeTone(base)).toBe('busy');
    expect(ownNodeSummary({ ...base, etaSeconds: null })).not.toContain('left');
  });

  it('a few blocks behind is "behind", not syncing', () => {
    const view = { ...base, height: 2_850, blocksBehind: 7 };
    expect(ownNodeSummary(view)).toBe('Own node 7 blocks behind (height 2,850)');
    expect(ownNodeTone(view)).toBe('warn');
    expect(ownNodeSummary({ ...view, blocksBehind: 1 })).toBe('Own node 1 block behind (height 2,850)');
  });

  it('synced, stalled, failed and off', () => {
    expect(ownNodeSummary({ ...base, state: 'synced', height: 2_857, blocksBehind: 0 })).toBe(
      'Own node in sync · height 2,857 · verified',
    );
    expect(ownNodeTone({ ...base, state: 'synced', blocksBehind: 0 })).toBe('ok');
    const stalled = {
      ...base,
      state: 'stalled' as const,
      error: { code: 'ERR_SYNC_NO_PEERS', message: 'no peer answers' },
    };
    expect(ownNodeSummary(stalled)).toBe('Own node stalled at 1,200: no peer answers');
    const failed = {
      ...base,
      state: 'failed' as const,
      error: { code: 'ERR_SYNC_UNSUPPORTED', message: 'block 5: ARK exceptions list' },
    };
    expect(ownNodeSummary(failed)).toBe('Own node stopped: block 5: ARK exceptions list');
    expect(ownNodeTone(failed)).toBe('bad');
    expect(ownNodeSummary({ ...base, state: 'off' })).toBe('Own node off');
  });

  it('names the last banned peer and why', () => {
    const banned = (url: string, until: number, reason: string) => ({
      url,
      height: 10,
      latencyMs: 5,
      banned: { until, reason },
      lastError: null,
    });
    expect(bannedPeerWords(base)).toBeUndefined();
    const view = {
      ...base,
      peers: [
        banned('http://10.0.0.1:4003', 1_000, 'block 3: bad signature'),
        banned('http://10.0.0.2:4003', 2_000, 'block 9: wrong id'),
        { url: 'http://10.0.0.3:4003', height: 10, latencyMs: 5, banned: null, lastError: null },
      ],
    };
    expect(bannedPeerWords(view)).toBe('Peer 10.0.0.2:4003 banned: block 9: wrong id');
  });

  it('durations, sizes and percentages', () => {
    expect([
      duration(0),
      duration(59),
      duration(600),
      duration(3_600 * 3 + 1_200),
      duration(86_400 * 3),
    ]).toEqual(['0 s', '59 s', '10 min', '3 h 20 min', '3 days']);
    expect([bytes(512), bytes(188_000), bytes(1_430_000_000)]).toEqual(['512 bytes', '188 kB', '1.4 GB']);
    expect(percent({ height: 5, target: 0 })).toBe('0%');
    expect(percent({ height: 2_857, target: 2_857 })).toBe('100%');
  });
});
