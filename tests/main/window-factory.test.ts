/**
 * Electron's security checklist (electronjs.org/docs/latest/tutorial/security) over the one window factory
 * (src/main/windows/create-window.ts) and main's session and link glue, with the electron module replaced by a
 * recorder: Electron itself cannot start on these machines, so these read what main asks of it. Context isolation,
 * sandbox, no Node, no webview, web security, no insecure content or experimental/Blink features beyond
 * disabling Auxclick, only the app's own page, navigation and new windows denied, external links only plain
 * http(s), webviews refused, every permission denied, the CSP in every app:// answer, one protocol registration.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const recorded = vi.hoisted(() => ({
  windows: [] as FakeWindow[],
  opened: [] as string[],
  protocolClients: [] as unknown[][],
}));

interface FakeContents {
  handlers: Map<string, (...args: unknown[]) => unknown>;
  windowOpen?: (details: { url: string }) => { action: string };
  on(event: string, handler: (...args: unknown[]) => unknown): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void;
}

interface FakeWindow {
  options: { webPreferences: Record<string, unknown> } & Record<string, unknown>;
  loaded: string[];
  webContents: FakeContents;
}

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => [];
    options: unknown;
    loaded: string[] = [];
    webContents: FakeContents = {
      handlers: new Map(),
      on(event, handler) {
        this.handlers.set(event, handler);
      },
      setWindowOpenHandler(handler) {
        this.windowOpen = handler;
      },
    };
    constructor(options: unknown) {
      this.options = options;
      recorded.windows.push(this as unknown as FakeWindow);
    }
    once(): void {}
    loadURL(url: string): Promise<void> {
      this.loaded.push(url);
      return Promise.resolve();
    }
  }
  return {
    BrowserWindow,
    shell: {
      openExternal: (url: string) => {
        recorded.opened.push(url);
        return Promise.resolve();
      },
    },
    app: {
      setAsDefaultProtocolClient: (...args: unknown[]) => {
        recorded.protocolClients.push(args);
        return true;
      },
      on: () => undefined,
    },
    protocol: { registerSchemesAsPrivileged: () => undefined },
  };
});

const { createMainWindow } = await import('../../src/main/windows/create-window');
const { denyPermissions } = await import('../../src/main/security/app-protocol');
const { registerArkLinks, protocolClientArgs } = await import('../../src/main/links/ark-links');
const { APP_INDEX_URL } = await import('../../src/main/security/app-files');
const { rendererSource } = await import('../../src/main/security/renderer-source');

function packagedWindow(): FakeWindow {
  createMainWindow(rendererSource(true, {}), true);
  const window = recorded.windows.at(-1);
  if (window === undefined) throw new Error('no window was created');
  return window;
}

beforeEach(() => {
  recorded.windows.length = 0;
  recorded.opened.length = 0;
  recorded.protocolClients.length = 0;
});

describe('the window factory', () => {
  it('isolates the page: context isolation, sandbox, no Node, no webview, web security on', () => {
    const prefs = packagedWindow().options.webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      devTools: false,
    });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs['preload']).toMatch(/[/\\]preload[/\\]index\.cjs$/);
  });

  it('turns middle-click (Auxclick) off, so a link cannot open a window of its own', () => {
    expect(packagedWindow().options.webPreferences['disableBlinkFeatures']).toBe('Auxclick');
  });

  it('loads only the packaged page behind app://, never remote content', () => {
    const window = packagedWindow();
    expect(window.loaded).toEqual([APP_INDEX_URL]);
    // A dev server address in the environment is ignored by a packaged app.
    createMainWindow(rendererSource(true, { ELECTRON_RENDERER_URL: 'https://evil.example/' }), true);
    expect(recorded.windows.at(-1)?.loaded).toEqual([APP_INDEX_URL]);
  });

  it('keeps DevTools for an unpackaged app only', () => {
    createMainWindow(rendererSource(false, {}), false);
    expect(recorded.windows.at(-1)?.options.webPreferences['devTools']).toBe(true);
  });

  it('denies navigation and webviews', () => {
    const { handlers } = packagedWindow().webContents;
    for (const event of ['will-navigate', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      const handler = handlers.get(event);
      expect(handler, event).toBeDefined();
      handler?.({ preventDefault }, { url: 'https://evil.example/' });
      expect(preventDefault, event).toHaveBeenCalledOnce();
    }
  });

  it('opens no window; only plain http(s) links reach the system browser', () => {
    const open = packagedWindow().webContents.windowOpen;
    expect(open).toBeDefined();
    const links = [
      'https://arkscan.io/wallets/AXYZ',
      'http://127.0.0.1:4003/api/blockchain',
      'file:///etc/passwd',
      'smb://attacker.example/share',
      'javascript:alert(1)',
      'ark:AXYZ?amount=1',
      'https://bank.example@evil.example/',
      'not a url',
    ];
    for (const url of links) expect(open?.({ url }), url).toEqual({ action: 'deny' });
    expect(recorded.opened).toEqual([
      'https://arkscan.io/wallets/AXYZ',
      'http://127.0.0.1:4003/api/blockchain',
    ]);
  });
});

describe('the session', () => {
  it('denies every permission request, permission check and device permission', () => {
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
    };
    denyPermissions(session as never);
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (...args: unknown[]) => void;
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      request({}, permission, callback);
      expect(callback, permission).toHaveBeenCalledWith(false);
    }
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as (...args: unknown[]) => boolean;
    expect(check({}, 'media', APP_INDEX_URL)).toBe(false);
    const device = session.setDevicePermissionHandler.mock.calls[0]?.[0] as (...args: unknown[]) => boolean;
    expect(device({ deviceType: 'usb' })).toBe(false);
  });
});

describe('ark: links', () => {
  it('registers the protocol once, with the app path only when run as `electron <path>`', () => {
    registerArkLinks();
    expect(recorded.protocolClients).toHaveLength(1);
    expect(recorded.protocolClients[0]?.[0]).toBe('ark');
    expect(protocolClientArgs(false, '/opt/Votary/votary', ['/opt/Votary/votary'])).toEqual([]);
    expect(protocolClientArgs(true, '/usr/bin/electron', ['/usr/bin/electron', '/src/votary'])).toEqual([
      '/usr/bin/electron',
      ['/src/votary'],
    ]);
    expect(protocolClientArgs(true, '/usr/bin/electron', ['/usr/bin/electron'])).toEqual([]);
  });
});
