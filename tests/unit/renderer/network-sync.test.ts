/**
 * One sync state for the header, the dashboard and the node screen (src/renderer/store/network-sync.ts): "In sync"
 * only while the tip advanced within three block times, an own node's stall in words with no URL, and a progress
 * bar only while syncing.
 */
import { describe, expect, it } from 'vitest';
import type { NodeConfigurationView, NodeStatusView } from '../../../src/shared/domain/chain-views';
import type { NetworkView } from '../../../src/shared/domain/networks';
import type { OwnNodeView } from '../../../src/shared/domain/own-node';
import { networkSync } from '../../../src/renderer/store/network-sync';

const NOW = 1_800_000_000_000;
const network: NetworkView = {
  id: 'embedded',
  kind: 'embedded',
  name: 'Localnet',
  nethash: 'ab',
  token: 'VTY',
  symbol: 'Ѵ',
  pubKeyHash: 30,
  peers: [],
  active: true,
  addedAt: 0,
};
const node: NodeStatusView = {
  networkId: 'embedded',
  height: 120,
  blockId: 'x',
  synced: true,
  syncing: false,
  blocksBehind: 0,
  progress: 1,
};
const configuration = {
  networkId: 'embedded',
  constants: { blocktime: 8 },
} as unknown as NodeConfigurationView;

const state = (
  patch: Partial<Parameters<typeof networkSync>[0]> = {},
): Parameters<typeof networkSync>[0] => ({
  connection: { status: 'connected', attempts: 0 },
  node,
  networks: [network],
  ownNodes: {},
  tips: { embedded: { height: 120, at: NOW - 5_000 } },
  configuration,
  ...patch,
});

describe('the one sync state', () => {
  it('is "In sync" while the tip advanced within three block times', () => {
    expect(networkSync(state(), NOW)).toEqual({
      tone: 'ok',
      words: 'In sync',
      inSync: true,
      progress: undefined,
      asOfHeight: undefined,
    });
    expect(networkSync(state(), NOW + 19_000)?.inSync).toBe(true);
  });

  it('is not "In sync" once the tip has not moved for more than three block times, whatever the node says', () => {
    const quiet = networkSync(state(), NOW + 70_000);
    expect(quiet).toEqual({
      tone: 'warn',
      words: 'No new block for 75 s (height 120)',
      inSync: false,
      progress: undefined,
      // Every figure on screen is this block's, not the network's now.
      asOfHeight: 120,
    });
  });

  it('shows a bar only while syncing, and nothing current while the host is unreachable', () => {
    const syncing = networkSync(
      state({ node: { ...node, synced: false, syncing: true, blocksBehind: 40, progress: 0.75 } }),
      NOW,
    );
    expect(syncing?.words).toBe('Syncing, 40 blocks behind');
    expect(syncing?.progress).toEqual({ value: 0.75, max: 1, label: 'Sync progress' });
    expect(syncing?.asOfHeight).toBe(node.height);
    const lost = networkSync(state({ connection: { status: 'reconnecting', attempts: 2 } }), NOW);
    expect(lost?.inSync).toBe(false);
    expect(lost?.words).toMatch(/^Not known/);
  });

  it("an own node's stall wins over the node status it serves, in words, with no URL or query string", () => {
    const remote = { ...network, id: 'n', kind: 'remote' as const, name: 'ARK testnet' };
    const own: OwnNodeView = {
      networkId: 'n',
      state: 'stalled',
      height: 5_000,
      target: 5_000,
      blocksBehind: 0,
      blocksPerSecond: 0,
      etaSeconds: null,
      peers: [],
      error: {
        code: 'ERR_PEER_UNREACHABLE',
        message:
          'cannot reach http://10.0.0.2:4003/api/blocks?height.from=5001&orderBy=height:asc&limit=100 (fetch failed)',
      },
      apiUrl: null,
      directory: null,
    };
    const sync = networkSync(
      state({
        networks: [remote],
        node: { ...node, networkId: 'n', height: 5_000 },
        ownNodes: { n: own },
        tips: { n: { height: 5_000, at: NOW } },
        configuration: { ...configuration, networkId: 'n' },
      }),
      NOW,
    );
    expect(sync).toEqual({
      tone: 'warn',
      words: 'Own node stalled at 5,000: cannot reach 10.0.0.2:4003 (fetch failed)',
      inSync: false,
      progress: undefined,
      asOfHeight: 5_000,
    });
    // The follower's own sentence, when it gives one, is shown as it is (its URLs cut to their host all the same).
    const worded = networkSync(
      state({
        networks: [remote],
        ownNodes: { n: { ...own, reason: 'peer http://10.0.0.2:4003/api?x=1 sends no blocks' } },
      }),
      NOW,
    );
    expect(worded?.words).toBe('Own node stalled at 5,000: peer 10.0.0.2:4003 sends no blocks');
  });

  it('an own node that says synced is taken at its word: its follower judges its own tip', () => {
    const remote = { ...network, id: 'n', kind: 'remote' as const, name: 'ARK testnet' };
    const own: OwnNodeView = {
      networkId: 'n',
      state: 'synced',
      height: 5_000,
      target: 5_000,
      blocksBehind: 0,
      blocksPerSecond: 0,
      etaSeconds: null,
      peers: [],
      error: null,
      apiUrl: null,
      directory: null,
    };
    const sync = networkSync(
      state({
        networks: [remote],
        ownNodes: { n: own },
        tips: { n: { height: 5_000, at: NOW - 600_000 } },
        configuration: { ...configuration, networkId: 'n' },
      }),
      NOW,
    );
    expect(sync).toMatchObject({ words: 'Own node in sync · height 5,000 · verified', inSync: true });
  });
});
