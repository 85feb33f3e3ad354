/**
 * The app:// protocol's files (docs/design/security.md "Production Electron"): the built renderer is served from
 * `app://votary/…` instead of file://, so the page has an origin of its own (no access to other local files, no
 * file:// privileges) and every answer carries the Content Security Policy as a header. Electron-free, so the path
 * rules are tested without Electron; app-protocol.ts is the glue.
 */
import { join, normalize, sep } from 'node:path';
import { contentSecurityPolicy } from '../../shared/lib/content-security-policy';
import { contentTypeOf } from '../../shared/lib/renderer-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'votary';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** The file under `root` an app:// URL names, or undefined (another host, a path outside root, not a URL). */
export function resolveAppFile(root: string, requestUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const file = join(root, normalize(pathname === '/' || pathname === '' ? '/index.html' : pathname));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

/** The headers of one app:// answer: its type, the CSP (no connections: Electron's page talks over IPC only). */
export function appResponseHeaders(file: string): Record<string, string> {
  return {
    'content-type': contentTypeOf(file),
    'content-security-policy': contentSecurityPolicy(),
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  };
}
