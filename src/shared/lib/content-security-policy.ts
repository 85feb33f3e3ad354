/**
 * The renderer's Content Security Policy, sent as a response header by both shells (docs/design/security.md
 * "Production Electron"): Electron main's app:// protocol and the browser shell's server. Only the app's own
 * scripts, styles and images run; the page may connect only where its shell needs it — nowhere in Electron (all
 * of its traffic goes through IPC), and the one WebSocket bridge in the browser shell.
 */
export function contentSecurityPolicy(connectTo: readonly string[] = []): string {
  return directives(connectTo.length === 0 ? "'none'" : connectTo.join(' ')).join('; ');
}

/**
 * The same policy as the page's own `<meta http-equiv>` in src/renderer/index.html, a second layer that holds
 * wherever the page is loaded: a browser enforces both policies, so the header's narrower `connect-src` still
 * rules; the meta allows the page's own origin (the browser shell's bridge is on it) and leaves out
 * `frame-ancestors`, which a meta policy cannot carry.
 */
export function pageContentSecurityPolicy(): string {
  return directives("'self'")
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
}

function directives(connectSrc: string): string[] {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ];
}
