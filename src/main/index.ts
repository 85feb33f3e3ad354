import { app, BrowserWindow, dialog, Menu, session } from 'electron';
import { join } from 'node:path';
import { keytarKeychain } from '../core/keystore/keychain';
import { apiPortsFromArgs } from '../shared/lib/api-ports';
import { CoreBridge } from './core-process/core-bridge';
import type { ElectronCoreOptions } from './core-process/core-entry';
import { launchUtilityCore } from './core-process/utility-child';
import { registerHandlers } from './ipc/register';
import { forwardAlertNotifications } from './notifications/alert-notifications';
import { denyPermissions, registerAppScheme, serveAppProtocol } from './security/app-protocol';
import { rendererSource } from './security/renderer-source';
import { createMainWindow } from './windows/create-window';
import { deliverWaitingLinks, registerArkLinks } from './links/ark-links';

/**
 * Boot order (docs/design/security.md "Production Electron"): one instance per user; app:// is registered before
 * ready; the core (embedded node, its API on 127.0.0.1, key store, networks; it locks the data directory) starts
 * first, in its own utility process (out/main/core.js, docs/design/architecture.md "Processes") so that a block
 * applied or a sync burst never holds the window's events; then the IPC handlers, bridged to it; then the window.
 * Main keeps the windows, the menu, the app:// protocol, the OS keychain (the core asks for its secrets over the
 * bridge) and the bridge. Quitting asks the core to stop its node cleanly and waits for its process to end.
 */
registerAppScheme();
const source = rendererSource(app.isPackaged, process.env);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: CoreBridge | undefined;
  let shutDown = false;
  let closing: Promise<void> | undefined;
  registerArkLinks();

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
      // `npm start -- --api-port N --api-secondary-port M` (scripts/start.mjs passes its arguments on).
      const api = apiPortsFromArgs(process.argv);
      core = await CoreBridge.start({
        launch: () => launchUtilityCore(join(import.meta.dirname, 'core.js')),
        openOptions: {
          dataDir: app.getPath('userData'),
          version: app.getVersion(),
          platform: process.platform,
          api,
        } satisfies ElectronCoreOptions,
        keychain: keytarKeychain(),
      });
    } catch (error) {
      dialog.showErrorBox('Votary cannot start', error instanceof Error ? error.message : String(error));
      app.exit(1);
      return;
    }
    serveAppProtocol(session.defaultSession, join(import.meta.dirname, '../renderer'));
    denyPermissions(session.defaultSession);
    registerHandlers(core, source);
    forwardAlertNotifications(core);
    deliverWaitingLinks(createMainWindow(source, app.isPackaged));
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow(source, app.isPackaged);
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
