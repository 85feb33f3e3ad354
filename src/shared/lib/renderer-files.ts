/**
 * The content types of the built renderer's files, for the two servers of its pages: Electron main's app://
 * protocol (src/main/security/app-files.ts) and the browser shell (src/cli/browser-shell.ts).
 */
const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  woff2: 'font/woff2',
};

/** The Content-Type for a file name or path, by its extension; unknown ones are opaque bytes. */
export function contentTypeOf(file: string): string {
  const name = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return (
    (dot > 0 ? CONTENT_TYPES[name.slice(dot + 1).toLowerCase()] : undefined) ?? 'application/octet-stream'
  );
}
