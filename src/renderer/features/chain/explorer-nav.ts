/**
 * Where the explorer is: its pages and the way back. Links between pages move inside the explorer;
 * a `lookup` location runs the search first (a public key or a name resolves to its wallet), so any text the
 * chain shows — a vote's public key, a lock id — can be a link.
 */
import type { SearchResult } from '../../../shared/domain/explorer';

export type ExplorerLocation =
  | { page: 'home' }
  | { page: 'lookup'; query: string }
  | { page: 'block'; id: string }
  | { page: 'block'; height: number }
  | { page: 'transaction'; id: string }
  | { page: 'wallet'; address: string };

export interface ExplorerNav {
  shown: ExplorerLocation;
  /** Earlier pages, most recent last (bounded). */
  back: ExplorerLocation[];
}

export type ExplorerAction =
  | { type: 'open'; to: ExplorerLocation }
  /** Replaces the current page (a lookup that found its result), so Back skips it. */
  | { type: 'replace'; to: ExplorerLocation }
  | { type: 'back' };

const MAX_BACK = 50;
export const EXPLORER_START: ExplorerNav = { shown: { page: 'home' }, back: [] };

export function sameLocation(a: ExplorerLocation, b: ExplorerLocation): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function explorerNav(state: ExplorerNav, action: ExplorerAction): ExplorerNav {
  switch (action.type) {
    case 'open':
      if (sameLocation(state.shown, action.to)) return state;
      return { shown: action.to, back: [...state.back, state.shown].slice(-MAX_BACK) };
    case 'replace':
      return { ...state, shown: action.to };
    case 'back': {
      const previous = state.back.at(-1);
      return previous === undefined ? state : { shown: previous, back: state.back.slice(0, -1) };
    }
  }
}

/** The page a search result opens; undefined when nothing was found (the message is shown instead). */
export function locationOf(result: SearchResult): ExplorerLocation | undefined {
  switch (result.kind) {
    case 'block':
      return { page: 'block', id: result.id };
    case 'transaction':
      return { page: 'transaction', id: result.id };
    case 'wallet':
      return { page: 'wallet', address: result.address };
    case 'notFound':
      return undefined;
  }
}

/** A short name of a location, for the Back button's accessible name. */
export function locationLabel(location: ExplorerLocation): string {
  switch (location.page) {
    case 'home':
      return 'search';
    case 'lookup':
      return `search for ${location.query}`;
    case 'block':
      return 'height' in location ? `block ${location.height}` : `block ${shortId(location.id)}`;
    case 'transaction':
      return `transaction ${shortId(location.id)}`;
    case 'wallet':
      return `wallet ${location.address}`;
  }
}

/** `abcdef12…9876` — ids are long; the full id stays in the page and its title attribute. */
export function shortId(id: string): string {
  return id.length <= 16 ? id : `${id.slice(0, 8)}…${id.slice(-4)}`;
}
