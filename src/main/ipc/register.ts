import { BrowserWindow, ipcMain } from 'electron';
import type { CoreLink } from '../core-process/core-bridge';
import { EVENT_CHANNEL, IPC_CHANNELS, type IpcChannel } from '../../shared/ipc/channels';
import { APP_INDEX_URL } from '../security/app-files';
import type { RendererSource } from '../security/renderer-source';
import { createIpcGate, type TrustedPages } from './sender-check';

/** The page main loads (windows/create-window.ts): app://votary/index.html, or the dev server when unpackaged. */
export function trustedPages(source: RendererSource): TrustedPages {
  return { appUrl: APP_INDEX_URL, devServerUrl: source.devServer ? source.url : undefined };
}

/**
 * Registers every channel of the contract through `handle`, the one function that checks the sender and passes
 * the payload to the core's dispatcher, which validates it against the channel's schema. A channel outside the
 * contract has no handler here (Electron refuses it) and the dispatcher would refuse it too.
 */
export function registerHandlers(core: CoreLink, source: RendererSource): () => void {
  const gate = createIpcGate(core.handleRequest, trustedPages(source));
  const handle = (channel: IpcChannel) =>
    ipcMain.handle(channel, (event, payload: unknown) => gate(channel, event, payload));
  for (const channel of IPC_CHANNELS) handle(channel);

  // Push events go to every window of the app (there is one; a second launch focuses it).
  const unsubscribe = core.subscribe((event, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.webContents.isDestroyed()) window.webContents.send(EVENT_CHANNEL, { event, payload });
    }
  });
  return () => {
    unsubscribe();
    for (const channel of IPC_CHANNELS) ipcMain.removeHandler(channel);
  };
}
