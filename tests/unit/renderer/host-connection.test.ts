/** What the store does when the browser bridge reconnects (no DOM, no host: loadAll is replaced). */
import { describe, expect, it } from 'vitest';
import { createVotaryStore } from '../../../src/renderer/store';
import { hostReconnected } from '../../../src/renderer/store/host-connection';
import { locked, unlocked, wallet } from './store-fixtures';

describe('host reconnection in the store', () => {
  it('keeps the connection state for the status line', () => {
    const store = createVotaryStore();
    expect(store.getState().connection).toEqual({ status: 'connected', attempts: 0 });
    store.getState().connectionChanged({ status: 'reconnecting', attempts: 3 });
    expect(store.getState().connection).toEqual({ status: 'reconnecting', attempts: 3 });
  });

  it('a restarted host with a locked vault sends the app back to the unlock screen, wallets cleared', async () => {
    const store = createVotaryStore();
    store.setState({ vault: unlocked, wallets: [wallet], route: 'send' });
    let reads = 0;
    await hostReconnected(store, (s) => {
      reads += 1;
      s.setState({ vault: locked });
      return Promise.resolve();
    });
    expect(reads).toBe(1);
    // The unlock gate covers every screen while the vault is locked; the route is kept so that unlocking returns to
    // the screen the person was on (docs/design/ui.md "Words, not internal names").
    expect(store.getState()).toMatchObject({ vault: locked, wallets: [], route: 'send' });
  });

  it('the same host, still unlocked: everything is read again and the page stays', async () => {
    const store = createVotaryStore();
    store.setState({ vault: unlocked, wallets: [wallet], route: 'send' });
    await hostReconnected(store, () => Promise.resolve());
    expect(store.getState()).toMatchObject({ vault: unlocked, wallets: [wallet], route: 'send' });
  });
});
