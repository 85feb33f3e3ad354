/** The screen in the address bar: reload and Back keep the user's place (docs/design/ui.md, "Navigation"). */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/renderer/services/call', () => ({}));

const { createVotaryStore } = await import('../../../src/renderer/store');
const { hashOf, placeOf } = await import('../../../src/renderer/store/route-url');
const { followUrl } = await import('../../../src/renderer/store/url-sync');

/** A browser's location and history, enough to press Back. */
function fakeBrowser(hash: string) {
  const listeners = new Map<string, Set<() => void>>();
  const entries = [hash];
  let at = 0;
  const browser = {
    location: { hash },
    history: {
      pushState: (_data: unknown, _unused: string, url: string) => {
        entries.splice(at + 1);
        entries.push(url);
        at = entries.length - 1;
        browser.location.hash = url;
      },
    },
    addEventListener: (type: string, listener: () => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
    back: () => {
      at -= 1;
      browser.location.hash = entries[at]!;
      for (const listener of listeners.get('popstate') ?? []) listener();
    },
    entries,
  };
  return browser;
}

describe('route URLs', () => {
  it('name every sidebar screen, a wallet and a delegate, and read them back', () => {
    for (const place of [
      { route: 'send' as const },
      { route: 'localnet' as const },
      { route: 'wallet' as const, walletId: 'w 1/é' },
      { route: 'delegate-info' as const, delegate: 'genesis_1' },
      { route: 'explorer' as const, explorer: 'a1b2c3' },
    ]) {
      expect(placeOf(hashOf(place))).toEqual(place);
    }
    expect(hashOf({ route: 'wallet', walletId: 'abc' })).toBe('#/wallet/abc');
    expect(hashOf({ route: 'delegate-info', delegate: 'genesis_1' })).toBe('#/delegates/genesis_1');
  });

  it('ignore what is not a place: the token link, unknown screens, bad escapes', () => {
    expect(placeOf('')).toEqual({ route: 'dashboard' });
    for (const hash of ['#token=abc', '#/nowhere', '#/send/extra', '#/wallet/%E0%A4%A', '#/../x']) {
      expect(placeOf(hash)).toBeUndefined();
    }
  });
});

describe('followUrl', () => {
  it('opens the screen the URL names (a reload keeps the place)', () => {
    const store = createVotaryStore();
    const browser = fakeBrowser('#/wallet/w-7');
    followUrl(store, browser);
    expect(store.getState().route).toBe('wallet');
    expect(store.getState().selectedWalletId).toBe('w-7');
  });

  it('adds a history entry per move and Back returns to the previous screen', () => {
    const store = createVotaryStore();
    const browser = fakeBrowser('');
    followUrl(store, browser);
    store.getState().navigate('send');
    store.getState().navigate('wallet', 'w-2');
    expect(browser.location.hash).toBe('#/wallet/w-2');
    browser.back();
    expect(store.getState().route).toBe('send');
    expect(browser.entries).toEqual(['', '#/send', '#/wallet/w-2']);
    browser.back();
    expect(browser.location.hash).toBe('');
    expect(store.getState().route).toBe('dashboard');
  });

  it('names what the explorer was opened on, and a sidebar move forgets it', () => {
    const store = createVotaryStore();
    const browser = fakeBrowser('#/wallet/w-1');
    followUrl(store, browser);
    store.getState().openExplorer('a1b2');
    expect(browser.location.hash).toBe('#/explorer/a1b2');
    store.getState().navigate('explorer');
    expect(browser.location.hash).toBe('#/explorer');
    browser.back();
    expect(store.getState().explorerQuery).toBe('a1b2');
  });

  it('names the open delegate by username', () => {
    const store = createVotaryStore();
    const browser = fakeBrowser('#/dashboard');
    followUrl(store, browser);
    store.getState().arrive({ route: 'delegate-info', delegate: 'genesis_3' });
    expect(browser.location.hash).toBe('#/delegates/genesis_3');
    expect(store.getState().viewedDelegateName).toBe('genesis_3');
  });
});
