/**
 * Peer base URLs. A peer is stored as the origin plus an optional path prefix, without the `/api` route prefix
 * (ark-core-api.md §1: every route lives under `/api`), so `http://1.2.3.4:4003`, `http://1.2.3.4:4003/` and
 * `http://1.2.3.4:4003/api` are the same peer. A reverse-proxied node such as `https://host/ark/api` keeps `/ark`.
 */
import { ClientError } from './errors';

/** Returns the canonical base URL of a peer, or throws ERR_INVALID_URL (only http and https are allowed). */
export function normalizePeerUrl(input: string): string {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ClientError('ERR_INVALID_URL', `'${input}' is not a URL; enter one like http://127.0.0.1:4003`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ClientError(
      'ERR_INVALID_URL',
      `'${input}' uses ${url.protocol.replace(/:$/, '')}; a node URL must start with http:// or https://`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new ClientError('ERR_INVALID_URL', `'${input}' contains credentials; a node URL must not`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ClientError(
      'ERR_INVALID_URL',
      `'${input}' has a query or fragment; give only the node's address`,
    );
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '');
  return `${url.origin}${path}`;
}

/** Whether `input` is an acceptable peer URL. */
export function isValidPeerUrl(input: string): boolean {
  try {
    normalizePeerUrl(input);
    return true;
  } catch {
    return false;
  }
}

/** The absolute URL of an API route (`route` starts with `/`, without `/api`) on a normalized peer. */
export function apiUrl(peer: string, route: string, query?: URLSearchParams): string {
  const search = query === undefined ? '' : query.toString();
  return `${peer}/api${route}${search === '' ? '' : `?${search}`}`;
}
