/**
 * The renderer's one way to the host (docs/design/architecture.md "Layers": services/ are the only callers of
 * window.votary). In the
 * Electron shell the preload has set `window.votary`. In the browser shell there is no preload: this installs a
 * `window.votary` with the same shape over a WebSocket to the host that served the page, authenticated by the
 * token the host printed in the URL fragment (#token=…, then kept in sessionStorage), and reconnecting when the
 * host goes away and comes back (socket-bridge.ts). The rest of the renderer is identical in both shells.
 */
import type { VotaryBridge } from '../../shared/ipc/contract';
import {
  createSocketBridge,
  openFirstSocket,
  type ConnectionState,
  type SocketBridge,
} from './socket-bridge';

export type { ConnectionState, ConnectionStatus } from './socket-bridge';

let installing: Promise<VotaryBridge | undefined> | undefined;
let socketBridge: SocketBridge | undefined;

/** The bridge, installing the WebSocket one when needed; undefined when no host is connected to this page. */
export function connectBridge(): Promise<VotaryBridge | undefined> {
  installing ??= install();
  return installing;
}

/**
 * Follows the connection to the host: "reconnecting" when it was lost, "connected" when it is back. The Electron
 * shell's IPC cannot be lost, so there the listener is never called. Returns the unsubscribe function.
 */
export function onConnectionChange(listener: (state: ConnectionState) => void): () => void {
  return socketBridge?.onStateChange(listener) ?? (() => undefined);
}

/** Where the tab keeps the launch token once it has left the address bar (this tab only, gone when it closes). */
export const TOKEN_STORAGE_KEY = 'votary.bridgeToken';
/**
 * Where the tab keeps the key the host gave it once the vault password was given in it (src/cli/window-gate.ts):
 * presented on every new connection of this tab, so a reload stays unlocked; another browser or tab has none.
 */
export const WINDOW_KEY_STORAGE_KEY = 'votary.windowKey';

/**
 * The launch token. It arrives in the URL's #fragment (never sent to a server), but there it would stay in the
 * address bar, the history and any screenshot for the whole session: it is moved into sessionStorage and the
 * fragment is removed from the URL at once. A reload finds it there; a pasted URL with a new token (after the
 * host restarted) replaces it.
 */
export function takeToken(location: Location, storage: Storage, history: History): string | undefined {
  const fromUrl = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (fromUrl !== null && fromUrl !== '') {
    storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    return fromUrl;
  }
  const kept = storage.getItem(TOKEN_STORAGE_KEY);
  return kept === null || kept === '' ? undefined : kept;
}

async function install(): Promise<VotaryBridge | undefined> {
  if (window.votary !== undefined) return window.votary;
  const token = takeToken(window.location, window.sessionStorage, window.history);
  if (token === undefined || !window.location.protocol.startsWith('http')) return undefined;
  const bridgeUrl = (value: string) =>
    `ws://${window.location.host}/bridge?token=${encodeURIComponent(value)}`;
  const withWindowKey = (base: string) => {
    const key = window.sessionStorage.getItem(WINDOW_KEY_STORAGE_KEY);
    return key === null || key === '' ? base : `${base}&window=${encodeURIComponent(key)}`;
  };
  let url = bridgeUrl(token);
  // A URL pasted into the open tab (a host started elsewhere printed a new token) changes only the fragment, so
  // the page does not reload: the next connection attempt uses the new token.
  window.addEventListener('hashchange', () => {
    const next = takeToken(window.location, window.sessionStorage, window.history);
    if (next !== undefined) url = bridgeUrl(next);
  });
  const connect = () => new WebSocket(withWindowKey(url));
  const first = await openFirstSocket(connect);
  if (first === undefined) return undefined;
  socketBridge = createSocketBridge(first, {
    connect,
    onWindowKey: (key) => window.sessionStorage.setItem(WINDOW_KEY_STORAGE_KEY, key),
  });
  window.votary = socketBridge.bridge;
  return socketBridge.bridge;
}
