import { app, BrowserWindow, dialog, Menu } from 'electron';
import { AppCore } from '../core/services';
import { registerHandlers } from './ipc/register';
import { forwardAlertNotifications } from './notifications/alert-notifications';
import { createMainWindow } from './windows/create-window';

/**
 * Boot order (architecture §1): one instance per user; the core (embedded node, its API on 127.0.0.1, key store,
 * networks) starts first, then the IPC handlers, then the window. Quitting stops the node cleanly before exit.
 */
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: AppCore | undefined;
  let shutDown = false;
  let closing: Promise<void> | undefined;

  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  // No other web contents (webviews) may be attached to the app's window.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app.whenReady().then(async () => {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate([
        { role: 'appMenu' as const },
        { role: 'fileMenu' },
        { role: 'editMenu' },
        { role: 'viewMenu' },
        { role: 'windowMenu' },
      ]),
    );
    try {
      core = await AppCore.open({
        dataDir: app.getPath('userData'),
        shell: 'electron',
        version: app.getVersion(),
      });
    } catch (error) {
      dialog.showErrorBox('Votary cannot start', error instanceof Error ? error.message : String(error));
      app.exit(1);
      return;
    }
    registerHandlers(core);
    forwardAlertNotifications(core);
    createMainWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Clean shutdown: hold the quit until the node has stopped and its database is closed.
  app.on('before-quit', (event) => {
    if (shutDown || core === undefined) return;
    event.preventDefault();
    closing ??= core.close().finally(() => {
      shutDown = true;
      app.quit();
    });
  });
}
