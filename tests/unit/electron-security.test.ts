/**
 * Production Electron (docs/design/security.md "Production Electron"), through its Electron-free parts: where the
 * page comes from, the app:// file rules and headers, and the packaging configuration with its fuses. Electron
 * itself cannot start on these machines; its glue (src/main) only wires these in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL, appResponseHeaders, resolveAppFile } from '../../src/main/security/app-files';
import { rendererSource } from '../../src/main/security/renderer-source';
import {
  contentSecurityPolicy,
  pageContentSecurityPolicy,
} from '../../src/shared/lib/content-security-policy';

const root = '/opt/Votary/resources/app.asar/out/renderer';

describe('the renderer source', () => {
  it('honours ELECTRON_RENDERER_URL only in an unpackaged app', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://evil.example/' };
    expect(rendererSource(true, env)).toEqual({ url: APP_INDEX_URL, devServer: false });
    expect(rendererSource(false, env)).toEqual({ url: 'http://evil.example/', devServer: true });
    expect(rendererSource(false, {})).toEqual({ url: 'app://votary/index.html', devServer: false });
    expect(rendererSource(false, { ELECTRON_RENDERER_URL: '' }).devServer).toBe(false);
  });
});

describe('app:// files', () => {
  it('serves only files inside the renderer directory, of the app host', () => {
    expect(resolveAppFile(root, 'app://votary/index.html')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://votary/')).toBe(join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://votary/assets/index-abc.js?x=1#y')).toBe(
      join(root, 'assets/index-abc.js'),
    );
    // Dot segments, plain or encoded, resolve against the root: they end inside it (and find nothing there).
    for (const traversal of [
      'app://votary/../../../etc/passwd',
      'app://votary/%2e%2e/%2e%2e/etc/passwd',
      'app://votary/..%2f..%2fetc%2fpasswd',
      'app://votary/assets%2f..%2f..%2f..%2fsecret',
      'app://votary/..\\..\\secret',
    ]) {
      expect(resolveAppFile(root, traversal)?.startsWith(`${root}/`), traversal).toBe(true);
    }
    for (const bad of [
      'app://other/index.html',
      'file:///etc/passwd',
      'app://votary/%00',
      'app://votary/%E0%A4%A',
      'not a url',
    ]) {
      expect(resolveAppFile(root, bad), bad).toBeUndefined();
    }
  });

  it('sends the CSP as a header: own scripts and styles only, no connections at all', () => {
    const headers = appResponseHeaders(join(root, 'index.html'));
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(contentSecurityPolicy(['ws://127.0.0.1:4200'])).toContain('connect-src ws://127.0.0.1:4200');
  });

  it('the page carries the same policy in its own meta, where scanners and any loader see it', () => {
    const html = readFileSync(join(import.meta.dirname, '../../src/renderer/index.html'), 'utf8');
    const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)];
    expect(metas).toHaveLength(1);
    const meta = metas[0]?.[1];
    expect(meta).toBe(pageContentSecurityPolicy());
    // Every directive of the header is in the meta, connect-src aside (the page's own origin, for the browser
    // shell's bridge; the header's narrower one still rules) and frame-ancestors (a meta cannot carry it).
    const header = contentSecurityPolicy().split('; ');
    expect(meta?.split('; ')).toEqual(
      header
        .filter((directive) => !directive.startsWith('frame-ancestors'))
        .map((directive) => (directive.startsWith('connect-src') ? "connect-src 'self'" : directive)),
    );
    expect(meta).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });
});

describe('the packaging configuration (electron-builder)', () => {
  const config = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../electron-builder.json'), 'utf8'),
  ) as Record<string, unknown>;

  it('flips the Electron fuses: no run-as-node, no NODE_OPTIONS or inspect, asar integrity, only from asar', () => {
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs into an asar with the native modules unpacked, and only the built output', () => {
    expect(config['asar']).toBe(true);
    expect(config['asarUnpack']).toEqual(expect.arrayContaining(['**/*.node']));
    expect(config['files']).toEqual(expect.arrayContaining(['out/**/*', 'package.json']));
    expect(config['appId']).toBe('io.votary.app');
  });

  it('is what `npm run dist` packages', () => {
    const scripts = (
      JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts['dist']).toBe('electron-vite build && electron-builder --config electron-builder.json');
  });
});
