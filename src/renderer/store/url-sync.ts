/**
 * Keeps the address bar and the screen in step (see route-url.ts): a move inside the app adds a history entry, and
 * Back, Forward, a reload or an edited URL move the app. Only a person's move adds an entry; arriving from the URL
 * never pushes again, so Back does not loop.
 */
import type { StoreApi } from 'zustand';
import { hashOf, placeOf } from './route-url';
import type { Place } from './routes';
import type { VotaryState } from './types';

interface Browser {
  location: { hash: string };
  history: { pushState(data: unknown, unused: string, url: string): void };
  addEventListener(type: 'popstate' | 'hashchange', listener: () => void): void;
  removeEventListener(type: 'popstate' | 'hashchange', listener: () => void): void;
}

export function placeOfState(state: VotaryState): Place {
  if (state.route === 'wallet') return { route: 'wallet', walletId: state.selectedWalletId };
  if (state.route === 'delegate-info') return { route: 'delegate-info', delegate: state.viewedDelegateName };
  if (state.route === 'explorer' && state.explorerQuery !== undefined) {
    return { route: 'explorer', explorer: state.explorerQuery };
  }
  return { route: state.route };
}

export function followUrl(store: StoreApi<VotaryState>, browser: Browser = window): () => void {
  let arriving = false;
  const arrive = () => {
    const place = placeOf(browser.location.hash);
    if (place === undefined || hashOf(place) === hashOf(placeOfState(store.getState()))) return;
    arriving = true;
    try {
      store.getState().arrive(place);
    } finally {
      arriving = false;
    }
  };
  arrive();
  const off = store.subscribe((state, previous) => {
    const hash = hashOf(placeOfState(state));
    if (arriving || hash === hashOf(placeOfState(previous)) || hash === browser.location.hash) return;
    browser.history.pushState(null, '', hash);
  });
  browser.addEventListener('popstate', arrive);
  browser.addEventListener('hashchange', arrive);
  return () => {
    off();
    browser.removeEventListener('popstate', arrive);
    browser.removeEventListener('hashchange', arrive);
  };
}
