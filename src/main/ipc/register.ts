import { BrowserWindow, ipcMain } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppCore } from '../../core/services';
import { EVENT_CHANNEL, IPC_CHANNELS, type IpcChannel } from '../../shared/ipc/channels';
import { createIpcGate, type TrustedPages } from './sender-check';

/** The renderer page main loads (see windows/create-window.ts) and, in development, the dev server. */
export function trustedPages(): TrustedPages {
  return {
    fileUrl: pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href,
    devServerUrl: process.env['ELECTRON_RENDERER_URL'],
  };
}

/**
 * Registers every channel of the contract through `handle`, the one function that checks the sender and passes
 * the payload to the core's dispatcher, which validates it against the channel's schema. A channel outside the
 * contract has no handler here (Electron refuses it) and the dispatcher would refuse it too.
 */
export function registerHandlers(core: AppCore): () => void {
  const gate = createIpcGate(core.handleRequest, trustedPages());
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
