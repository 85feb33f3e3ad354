/**
 * The screen in the address bar: `#/send`, `#/wallet/<wallet id>`, `#/delegates/<username>`, `#/explorer/<query>`. Reload and Back keep the
 * user's place. Hash URLs because both shells load one document (a file in Electron, one path in the browser shell);
 * the browser shell's `#token=…` link is a different hash and is taken by the bridge, never read as a place.
 */
import { ROUTES, type Place, type Route } from './routes';

const SIDEBAR = new Set<string>(ROUTES);

export function hashOf(place: Place): string {
  if (place.route === 'wallet' && place.walletId !== undefined) {
    return `#/wallet/${encodeURIComponent(place.walletId)}`;
  }
  if (place.route === 'delegate-info' && place.delegate !== undefined) {
    return `#/delegates/${encodeURIComponent(place.delegate)}`;
  }
  if (place.route === 'explorer' && place.explorer !== undefined) {
    return `#/explorer/${encodeURIComponent(place.explorer)}`;
  }
  if (place.route === 'wallet') return '#/wallets';
  if (place.route === 'delegate-info') return '#/delegates';
  return `#/${place.route}`;
}

/** The place a hash names (no hash: the dashboard), or undefined for anything else (a token link, a mistyped path). */
export function placeOf(hash: string): Place | undefined {
  if (hash === '' || hash === '#') return { route: 'dashboard' };
  const match = /^#\/([a-z-]+)(?:\/([^/]+))?$/.exec(hash);
  if (match === null) return undefined;
  const [, head = '', tail] = match;
  let argument: string | undefined;
  try {
    argument = tail === undefined ? undefined : decodeURIComponent(tail);
  } catch {
    return undefined;
  }
  if (head === 'wallet')
    return argument === undefined ? { route: 'wallets' } : { route: 'wallet', walletId: argument };
  if (head === 'delegates' && argument !== undefined) return { route: 'delegate-info', delegate: argument };
  if (head === 'explorer' && argument !== undefined) return { route: 'explorer', explorer: argument };
  if (!SIDEBAR.has(head) || argument !== undefined) return undefined;
  return { route: head as Route };
}
