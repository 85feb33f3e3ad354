import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';
import type { RendererSource } from '../security/renderer-source';

/**
 * The one window factory (docs/design/security.md "Production Electron"): contextIsolation, sandbox, no
 * nodeIntegration, DevTools only in an unpackaged app; navigation and new windows denied; external links only
 * http(s), opened in the system browser after a check. The page is the packaged renderer behind app:// (or the
 * dev server, unpackaged only: renderer-source.ts); permissions are denied for the whole session in main.
 */
export function createMainWindow(source: RendererSource, isPackaged: boolean): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Votary',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      devTools: !isPackaged,
    },
  });

  window.once('ready-to-show', () => window.show());

  window.webContents.setWindowOpenHandler(({ url }) => {
    openExternalIfSafe(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  void window.loadURL(source.url);
  return window;
}

function openExternalIfSafe(url: string): void {
  try {
    const { protocol } = new URL(url);
    if (protocol === 'https:' || protocol === 'http:') void shell.openExternal(url);
  } catch {
    // Not a URL: nothing to open.
  }
}
