import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL, IPC_CHANNELS, IPC_EVENTS, methodName } from '../shared/ipc/channels';
import type { IpcEvent, VotaryBridge } from '../shared/ipc/contract';

/**
 * window.votary: one function per channel of src/shared/ipc/channels.ts, each invoking that one
 * fixed channel name, plus `on(event, handler)` for push events. Nothing else is exposed: no generic invoke, no
 * ipcRenderer. Main validates every payload and answers an IpcResult.
 */
const calls = Object.fromEntries(
  IPC_CHANNELS.map((channel) => [
    methodName(channel),
    (request?: unknown): Promise<unknown> => ipcRenderer.invoke(channel, request),
  ]),
);

function on(event: IpcEvent, handler: (payload: unknown) => void): () => void {
  if (!(IPC_EVENTS as readonly string[]).includes(event) || typeof handler !== 'function') {
    throw new TypeError(`window.votary.on: unknown event "${String(event)}"`);
  }
  const listener = (_event: IpcRendererEvent, message: { event?: unknown; payload?: unknown }) => {
    if (message?.event === event) handler(message.payload);
  };
  ipcRenderer.on(EVENT_CHANNEL, listener);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, listener);
  };
}

// The object is built from the channel list at runtime; its type is the contract's VotaryBridge.
const bridge = { ...calls, on } as unknown as VotaryBridge;
contextBridge.exposeInMainWorld('votary', bridge);
