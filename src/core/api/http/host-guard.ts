/**
 * DNS-rebinding guard (docs/design/architecture.md "Rules"): a server bound to loopback answers only requests
 * addressed
 * to loopback by name. A web page on another origin whose name was re-pointed at 127.0.0.1 still sends its own
 * name in `Host`, so it is refused before any route runs.
 */
import { ApiError } from './errors';

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

export function isLoopbackAddress(ip: string): boolean {
  const bare = ip.toLowerCase().replace(/^::ffff:/, '');
  return bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** The Host values a loopback server accepts on `port`. */
export function allowedHosts(port: number): string[] {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  return [...names.map((name) => `${name}:${port}`), ...(port === 80 ? names : [])];
}

/** Throws a 403 ApiError unless `host` is one of the loopback names with the server's port. */
export function checkHost(host: string | undefined, port: number): void {
  const allowed = allowedHosts(port);
  if (host !== undefined && allowed.includes(host.toLowerCase())) return;
  throw new ApiError(
    403,
    `Host header ${host === undefined ? '(missing)' : `'${host}'`} is not allowed: this node only answers ` +
      `requests addressed to ${allowed.slice(0, 3).join(', ')} (DNS-rebinding protection)`,
  );
}
