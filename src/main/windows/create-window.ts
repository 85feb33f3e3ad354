import { BrowserWindow, shell, type WebContents } from 'electron';
import { join } from 'node:path';
import { externalUrl } from '../security/external-links';
import type { RendererSource } from '../security/renderer-source';

/**
 * The one window factory (docs/design/security.md "Production Electron"): contextIsolation, sandbox, no
 * nodeIntegration, no webview tag, middle-click (Auxclick) off, DevTools only in an unpackaged app; navigation,
 * new windows and webviews denied; external links only plain http(s), opened in the system browser after
 * external-links.ts's check. The page is the packaged renderer behind app:// (or the dev server, unpackaged only:
 * renderer-source.ts); permissions are denied for the whole session in main (app-protocol.ts).
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
      // Reviewed (docs/design/security.md "Electronegativity"): the bridge (src/preload/index.ts) exposes one
      // function per IPC channel and nothing else, runs sandboxed and isolated, and main validates every call.
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // A middle click on a link would otherwise open it in a new window of its own.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      devTools: !isPackaged,
    },
  });

  window.once('ready-to-show', () => window.show());
  guardWebContents(window.webContents);
  void window.loadURL(source.url);
  return window;
}

/** The page stays where it was loaded: it cannot navigate, open windows or attach webviews. */
function guardWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrl(url);
    // Reviewed (docs/design/security.md "Electronegativity"): only a plain http(s) address reaches the system
    // browser (external-links.ts).
    if (external !== undefined) void shell.openExternal(external);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
