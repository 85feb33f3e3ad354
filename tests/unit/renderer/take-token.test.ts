/** The launch token leaves the address bar for the tab's sessionStorage (src/renderer/services/bridge.ts). */
import { describe, expect, it } from 'vitest';
import { takeToken, TOKEN_STORAGE_KEY } from '../../../src/renderer/services/bridge';

function tab(hash: string) {
  const store = new Map<string, string>();
  const location = { hash, pathname: '/', search: '' } as Location;
  const replaced: string[] = [];
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  } as Storage;
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, url: string) => {
      replaced.push(url);
      location.hash = '';
    },
  } as unknown as History;
  return { location, storage, history, store, replaced };
}

describe('the launch token', () => {
  it('moves from the URL into sessionStorage and the fragment is removed', () => {
    const t = tab('#token=abc');
    expect(takeToken(t.location, t.storage, t.history)).toBe('abc');
    expect(t.store.get(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(t.replaced).toEqual(['/']);
    // A reload: no fragment any more, the tab's copy is used.
    expect(takeToken(t.location, t.storage, t.history)).toBe('abc');
  });
  it('a pasted URL with a new token replaces the kept one; none at all is undefined', () => {
    const t = tab('#token=old');
    takeToken(t.location, t.storage, t.history);
    t.location.hash = '#token=new';
    expect(takeToken(t.location, t.storage, t.history)).toBe('new');
    expect(t.store.get(TOKEN_STORAGE_KEY)).toBe('new');
    expect(takeToken(tab('').location, tab('').storage, tab('').history)).toBeUndefined();
  });
});
