/**
 * Electron glue for app:// (app-files.ts has the rules): the scheme is registered as privileged (standard and
 * secure, so the page is a secure context with a real origin) before the app is ready, and its handler answers
 * only files inside the built renderer, each with the CSP header.
 */
import { protocol, type Session } from 'electron';
import { readFile } from 'node:fs/promises';
import { APP_SCHEME, appResponseHeaders, resolveAppFile } from './app-files';

/** Must run before app 'ready'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function serveAppProtocol(session: Session, rendererDir: string): void {
  session.protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url);
    if (file === undefined) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(file), { headers: appResponseHeaders(file) });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

/** Nothing the page asks for (camera, notifications permission checks, USB/HID/serial devices) is granted. */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
