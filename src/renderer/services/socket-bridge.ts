/**
 * The browser shell's `window.votary` over a WebSocket that survives a host restart. When the socket closes, calls
 * in flight fail with ERR_DISCONNECTED (their outcome is unknown:
 * the caller shows the error and may look again), and the bridge reconnects with a doubling delay (0.5 s … 10 s).
 * Event handlers stay registered across sockets: the host pushes every event to every connected socket, so a new
 * socket needs no subscription message. Listeners of the connection state learn of "reconnecting" and "connected"
 * so the app can say so and read its state again (a restarted host has a locked vault).
 *
 * No DOM globals here: the socket and the timers are injected, so the logic is unit-tested with a fake socket.
 */
import { IPC_CHANNELS, IPC_EVENTS, methodName, type IpcEvent } from '../../shared/ipc/channels';
import type { VotaryBridge } from '../../shared/ipc/contract';
import { BRIDGE_ERROR_CODES, ipcError, isIpcResult, type IpcResult } from '../../shared/ipc/errors';

/** What the bridge needs of a WebSocket (the DOM one satisfies it). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (message: { data: unknown }) => void): void;
}

/** WebSocket.OPEN, without the DOM global. */
const OPEN = 1;

export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_MAX_MS = 10_000;

export type ConnectionStatus = 'connected' | 'reconnecting';

export interface ConnectionState {
  status: ConnectionStatus;
  /** Failed reconnection attempts since the connection was lost (0 while connected or before the first try). */
  attempts: number;
}

export interface SocketBridgeOptions {
  /** Opens a new socket to the host (same URL and token every time). */
  connect: () => SocketLike;
  /**
   * The key the host gives this tab once it has been given the vault password here (src/cli/window-gate.ts): kept
   * by the tab and presented by `connect` when it connects again, so a reload or a dropped connection stays open.
   */
  onWindowKey?: (key: string) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface SocketBridge {
  bridge: VotaryBridge;
  state: () => ConnectionState;
  onStateChange: (listener: (state: ConnectionState) => void) => () => void;
  /** Stops reconnecting and closes the socket (tests, page unload). */
  close: () => void;
}

type Handler = (payload: unknown) => void;

const LOST = ipcError(
  BRIDGE_ERROR_CODES.disconnected,
  'The connection to the Votary host was lost; it is reconnecting. Try again in a moment.',
);

function disconnected(): IpcResult<never> {
  return { ok: false, error: LOST };
}

/** Waits for the first socket to open: undefined when the host cannot be reached at all (no host → preview). */
export function openFirstSocket(connect: () => SocketLike): Promise<SocketLike | undefined> {
  const socket = connect();
  return new Promise((resolve) => {
    socket.addEventListener('open', () => resolve(socket));
    socket.addEventListener('error', () => resolve(undefined));
    socket.addEventListener('close', () => resolve(undefined));
  });
}

export function createSocketBridge(first: SocketLike, options: SocketBridgeOptions): SocketBridge {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let socket = first;
  let nextId = 1;
  let state: ConnectionState = { status: 'connected', attempts: 0 };
  let delay = RECONNECT_FIRST_MS;
  let timer: unknown;
  let closed = false;
  const waiting = new Map<number, (result: IpcResult<unknown>) => void>();
  const listeners = new Map<IpcEvent, Set<Handler>>();
  const stateListeners = new Set<(state: ConnectionState) => void>();

  const setState = (next: ConnectionState) => {
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  const onMessage = (message: { data: unknown }) => {
    if (typeof message.data !== 'string') return;
    let frame: { id?: unknown; result?: unknown; event?: unknown; payload?: unknown; window?: unknown };
    try {
      frame = JSON.parse(message.data) as typeof frame;
    } catch {
      return;
    }
    if (typeof frame.id === 'number' && isIpcResult(frame.result)) {
      const resolve = waiting.get(frame.id);
      waiting.delete(frame.id);
      resolve?.(frame.result);
    } else if (typeof frame.event === 'string' && (IPC_EVENTS as readonly string[]).includes(frame.event)) {
      for (const handler of listeners.get(frame.event as IpcEvent) ?? []) handler(frame.payload);
    } else if (typeof frame.window === 'string' && frame.window.length <= 128) {
      options.onWindowKey?.(frame.window);
    }
  };

  const scheduleReconnect = () => {
    if (closed) return;
    const wait = delay;
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    timer = setTimer(reconnect, wait);
  };

  const reconnect = () => {
    timer = undefined;
    if (closed) return;
    let candidate: SocketLike;
    try {
      candidate = options.connect();
    } catch {
      setState({ status: 'reconnecting', attempts: state.attempts + 1 });
      scheduleReconnect();
      return;
    }
    let settled = false;
    candidate.addEventListener('open', () => {
      if (settled) return;
      settled = true;
      if (closed) {
        candidate.close();
        return;
      }
      delay = RECONNECT_FIRST_MS;
      attach(candidate);
      setState({ status: 'connected', attempts: 0 });
    });
    const failed = () => {
      if (settled) return;
      settled = true;
      setState({ status: 'reconnecting', attempts: state.attempts + 1 });
      scheduleReconnect();
    };
    candidate.addEventListener('error', failed);
    candidate.addEventListener('close', failed);
  };

  function attach(next: SocketLike): void {
    socket = next;
    next.addEventListener('message', onMessage);
    next.addEventListener('close', () => {
      if (socket !== next) return;
      // The outcome of a call in flight is unknown (the host may have done it): the caller is told, not retried.
      for (const resolve of waiting.values()) resolve(disconnected());
      waiting.clear();
      if (closed) return;
      setState({ status: 'reconnecting', attempts: 0 });
      scheduleReconnect();
    });
  }
  attach(first);

  const invoke = (channel: string, payload: unknown): Promise<IpcResult<unknown>> => {
    if (state.status !== 'connected' || socket.readyState !== OPEN) {
      return Promise.resolve(disconnected());
    }
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, channel, payload }));
    });
  };

  const calls = Object.fromEntries(
    IPC_CHANNELS.map((channel) => [methodName(channel), (request?: unknown) => invoke(channel, request)]),
  );
  const on = (event: IpcEvent, handler: Handler): (() => void) => {
    let set = listeners.get(event);
    if (set === undefined) listeners.set(event, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  };

  return {
    // Built from the channel list at runtime; its type is the contract's VotaryBridge, as in the preload.
    bridge: Object.freeze({ ...calls, on }) as unknown as VotaryBridge,
    state: () => state,
    onStateChange: (listener) => {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    close: () => {
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      socket.close();
    },
  };
}
