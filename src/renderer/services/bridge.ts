/**
 * The renderer's one way to the host (architecture §2: services/ are the only callers of window.votary). In the
 * Electron shell the preload has set `window.votary`. In the browser shell there is no preload: this installs a
 * `window.votary` with the same shape over a WebSocket to the host that served the page, authenticated by the
 * per-launch token the host printed in the URL fragment (#token=…). The rest of the renderer is identical in
 * both shells.
 */
import { IPC_CHANNELS, IPC_EVENTS, methodName, type IpcEvent } from '../../shared/ipc/channels';
import type { VotaryBridge } from '../../shared/ipc/contract';
import { BRIDGE_ERROR_CODES, ipcError, isIpcResult, type IpcResult } from '../../shared/ipc/errors';

type Handler = (payload: unknown) => void;

let installing: Promise<VotaryBridge | undefined> | undefined;

/** The bridge, installing the WebSocket one when needed; undefined when no host is connected to this page. */
export function connectBridge(): Promise<VotaryBridge | undefined> {
  installing ??= install();
  return installing;
}

function tokenFromLocation(): string | undefined {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  return token === null || token === '' ? undefined : token;
}

async function install(): Promise<VotaryBridge | undefined> {
  if (window.votary !== undefined) return window.votary;
  const token = tokenFromLocation();
  if (token === undefined || !window.location.protocol.startsWith('http')) return undefined;
  const socket = new WebSocket(`ws://${window.location.host}/bridge?token=${encodeURIComponent(token)}`);
  const opened = await new Promise<boolean>((resolve) => {
    socket.addEventListener('open', () => resolve(true), { once: true });
    socket.addEventListener('error', () => resolve(false), { once: true });
  });
  if (!opened) return undefined;
  const bridge = socketBridge(socket);
  window.votary = bridge;
  return bridge;
}

const DISCONNECTED = ipcError(
  BRIDGE_ERROR_CODES.disconnected,
  'The connection to the Votary host is closed. Reload the page.',
);

function disconnected(): IpcResult<never> {
  return { ok: false, error: DISCONNECTED };
}

function socketBridge(socket: WebSocket): VotaryBridge {
  let nextId = 1;
  const waiting = new Map<number, (result: IpcResult<unknown>) => void>();
  const listeners = new Map<IpcEvent, Set<Handler>>();

  const emit = (event: IpcEvent, payload: unknown) => {
    for (const handler of listeners.get(event) ?? []) handler(payload);
  };

  socket.addEventListener('message', (message: MessageEvent) => {
    if (typeof message.data !== 'string') return;
    let frame: { id?: unknown; result?: unknown; event?: unknown; payload?: unknown };
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
      emit(frame.event as IpcEvent, frame.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const resolve of waiting.values()) resolve(disconnected());
    waiting.clear();
    emit('alert', {
      level: 'error',
      code: BRIDGE_ERROR_CODES.disconnected,
      message: DISCONNECTED.message,
      at: Date.now(),
    });
  });

  const invoke = (channel: string, payload: unknown): Promise<IpcResult<unknown>> => {
    if (socket.readyState !== WebSocket.OPEN) return Promise.resolve(disconnected());
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
  // Built from the channel list at runtime; its type is the contract's VotaryBridge, as in the preload.
  return Object.freeze({ ...calls, on }) as unknown as VotaryBridge;
}
