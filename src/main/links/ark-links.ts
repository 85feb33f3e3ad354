/**
 * `ark:` links opened with the app (AIP-13 payment requests, ArkVault's links): Electron registers Votary as the
 * protocol's handler, and a link arrives as `open-url` (macOS) or in the command line of a second instance
 * (Windows, Linux) or of the first one. Main only passes the text on as the `app:link-open` event; the renderer reads
 * it and fills a form (shared/lib/payment-link.ts), so nothing here parses or trusts it.
 */
import { app, BrowserWindow } from 'electron';
import { EVENT_CHANNEL } from '../../shared/ipc/channels';
import { LINK_MAX_LENGTH } from '../../shared/lib/payment-link';

const SCHEME = 'ark';

/** The first `ark:` argument of a command line, if any. */
export function linkInArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${SCHEME}:`) && arg.length <= LINK_MAX_LENGTH);
}

/**
 * What `setAsDefaultProtocolClient` needs besides the scheme: nothing for an installed app (the OS launches the
 * executable), and in development (`electron <path>`, `process.defaultApp`) the executable with the app's path, or
 * the OS would launch bare Electron.
 */
export function protocolClientArgs(
  defaultApp: boolean,
  execPath: string,
  argv: readonly string[],
): [path?: string, args?: string[]] {
  const appPath = argv[1];
  return defaultApp && appPath !== undefined ? [execPath, [appPath]] : [];
}

const FIRST_LINK_DELAY_MS = 3_000;

/** Links that came before the window could take them wait here. */
const waiting: string[] = [];

function deliver(url: string): void {
  const [window] = BrowserWindow.getAllWindows();
  if (window === undefined || window.webContents.isLoading()) {
    waiting.push(url);
    return;
  }
  if (window.isMinimized()) window.restore();
  window.focus();
  window.webContents.send(EVENT_CHANNEL, { event: 'app:link-open', payload: { url } });
}

/** Registers the protocol and listens for links; call before `ready` (macOS sends `open-url` early). */
export function registerArkLinks(): void {
  // The one registration. Reviewed (docs/design/security.md "Electronegativity"): an `ark:` link is text the
  // renderer parses into a form, never a command.
  const args = protocolClientArgs(process.defaultApp === true, process.execPath, process.argv);
  app.setAsDefaultProtocolClient(SCHEME, ...args);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (url.length <= LINK_MAX_LENGTH) deliver(url);
  });
  app.on('second-instance', (_event, argv) => {
    const url = linkInArgv(argv);
    if (url !== undefined) deliver(url);
  });
  const first = linkInArgv(process.argv);
  if (first !== undefined) waiting.push(first);
}

/** Hands the window the links that waited for it, once its page has loaded. */
export function deliverWaitingLinks(window: BrowserWindow): void {
  window.webContents.once('did-finish-load', () => {
    // The renderer subscribes to events once its store has read the host (src/renderer/store/index.ts), shortly
    // after the page loads; an event sent before that has no listener, so the link that started the app waits a
    // little longer than that takes. A link opened while the app runs is delivered at once.
    setTimeout(() => {
      for (const url of waiting.splice(0)) deliver(url);
    }, FIRST_LINK_DELAY_MS);
  });
}
