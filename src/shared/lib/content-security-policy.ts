/**
 * The renderer's Content Security Policy, sent as a response header by both shells (docs/design/security.md
 * "Production Electron"): Electron main's app:// protocol and the browser shell's server. Only the app's own
 * scripts, styles and images run; the page may connect only where its shell needs it — nowhere in Electron (all
 * of its traffic goes through IPC), and the one WebSocket bridge in the browser shell.
 */
export function contentSecurityPolicy(connectTo: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectTo.length === 0 ? "'none'" : connectTo.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join('; ');
}
