/**
 * The window after Electron's main started the core's process again (`app:core-restarted`,
 * src/main/core-process/core-bridge.ts): the store reads everything again by itself — the vault (locked in a new
 * core), the node, the networks, the profiles — over a stand-in `window.votary` answering from a table.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileList } from '../../../src/shared/domain/profiles';
import { locked, unlocked, wallet } from './store-fixtures';
import { IPC_CHANNELS, methodName, type IpcChannel, type IpcEvent } from '../../../src/shared/ipc/channels';
import type { IpcResponse } from '../../../src/shared/ipc/contract';

type Answers = { [C in IpcChannel]?: IpcResponse<C> };

/** What the host answers now, and the push-event handlers the store subscribed. */
const host = { answers: {} as Answers, handlers: new Map<string, (payload: unknown) => void>() };
const byMethod = new Map<string, IpcChannel>(IPC_CHANNELS.map((channel) => [methodName(channel), channel]));
const bridge = new Proxy(
  {},
  {
    get: (_target, key) => {
      if (key === 'on') {
        return (event: IpcEvent, handler: (payload: unknown) => void) => {
          host.handlers.set(event, handler);
          return () => host.handlers.delete(event);
        };
      }
      const channel = byMethod.get(String(key));
      if (channel === undefined) return undefined;
      return () =>
        Promise.resolve(
          channel in host.answers
            ? { ok: true, value: host.answers[channel] }
            : { ok: false, error: { code: 'ERR_NOT_FOUND', message: `no ${channel} in this test` } },
        );
    },
  },
);
(globalThis as { window?: unknown }).window = { votary: bridge };

const { createVotaryStore, startStore } = await import('../../../src/renderer/store');

const profiles = (activeId: string): ProfileList => ({
  activeId,
  profiles: ['default', 'other'].map((id) => ({
    id,
    name: id,
    createdAt: '2026-01-01T00:00:00Z',
    active: id === activeId,
    hasVault: true,
  })),
});
const status = (height: number) => ({
  networkId: 'localnet',
  height,
  blockId: `b${height}`,
  synced: true,
  syncing: false,
  blocksBehind: 0,
  progress: 1,
});

/** Waits for `condition` (vitest's waitUntil, polling every 5 ms for up to 1 s). */
const until = (condition: () => boolean) => vi.waitUntil(condition, { timeout: 1_000, interval: 5 });

let stop: (() => void) | undefined;
beforeEach(() => {
  host.handlers.clear();
  host.answers = {
    'app:info': { name: 'Votary', version: '1', shell: 'electron', platform: 'linux' },
    'vault:status': unlocked,
    'wallets:list': [wallet],
    'networks:status': status(10),
    'networks:configuration': {
      networkId: 'localnet',
      nethash: 'n',
      token: 'DARK',
      symbol: 'DѦ',
      version: '3.9.1',
      pubKeyHash: 30,
      ports: {},
      constants: {
        blocktime: 8,
        activeDelegates: 51,
        epoch: '2017-03-21T13:00:00.000Z',
        reward: '200000000',
      },
    },
    'networks:list': [],
    'profiles:list': profiles('default'),
  };
});
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('the window after the core restarted', () => {
  it('reads the host again by itself: the new core’s locked vault clears the wallets, the node is the new one', async () => {
    const store = createVotaryStore();
    stop = await startStore(store);
    expect(store.getState()).toMatchObject({ vault: unlocked, wallets: [wallet], node: status(10) });
    store.setState({ route: 'send' });

    // The core's process stopped and a new one opened: locked, its chain further on.
    host.answers['vault:status'] = locked;
    host.answers['networks:status'] = status(14);
    host.handlers.get('app:core-restarted')?.({ at: 1 });

    await until(() => store.getState().node?.height === 14);
    await until(() => store.getState().vault?.unlocked === false);
    // Back behind the unlock gate, on the screen the person was on, with no balance the host no longer vouches for.
    expect(store.getState()).toMatchObject({ vault: locked, wallets: [], route: 'send' });
  });

  it('opens the profile the new core opened when it is not the one on screen', async () => {
    const store = createVotaryStore();
    stop = await startStore(store);
    store.setState({ route: 'send' });
    host.answers['profiles:list'] = profiles('other');
    host.answers['vault:status'] = locked;
    host.handlers.get('app:core-restarted')?.({ at: 1 });

    await until(() => store.getState().profiles?.activeId === 'other');
    await until(() => store.getState().route === 'dashboard');
    expect(store.getState().wallets).toEqual([]);
  });
});
