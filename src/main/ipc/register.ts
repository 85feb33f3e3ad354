import { app, ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { IpcChannel, IpcChannels } from '../../shared/ipc/contract';

type Handler<C extends IpcChannel> = (
  request: IpcChannels[C]['request'],
) => Promise<IpcChannels[C]['response']> | IpcChannels[C]['response'];

/** Only our own renderer (file:// in production, the dev server in development) may call main. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const url = event.senderFrame?.url ?? '';
  const devServer = process.env['ELECTRON_RENDERER_URL'];
  return url.startsWith('file://') || (devServer !== undefined && url.startsWith(devServer));
}

/** Every handler goes through here: one place checks the sender. */
export function handle<C extends IpcChannel>(channel: C, handler: Handler<C>): void {
  ipcMain.handle(channel, async (event, request: IpcChannels[C]['request']) => {
    if (!isTrustedSender(event)) throw new Error(`IPC ${channel} refused: untrusted sender`);
    return handler(request);
  });
}

export function registerHandlers(): void {
  handle('app:info', () => ({
    name: 'Votary',
    version: app.getVersion(),
    shell: 'electron',
    platform: process.platform,
  }));
}
