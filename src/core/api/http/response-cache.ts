/**
 * A cache of GET answers for the routes whose answer is a function of the chain alone (docs/benchmarks.md "API"). ARK
 * Core's API caches GET answers too (core-api's cache plugin, node-cache with an 8 s TTL); Votary's entries never
 * go stale instead: they belong to the chain tip they were computed at (the last block's id, so a revert and a
 * different block at the same height are a new tip), and the whole cache is dropped when the tip changes.
 *
 * - Only successful (200) answers of the listed routes are kept, keyed by the request's URL (path and query as
 *   sent); errors, the pool's routes (`/transactions/unconfirmed…`), node status and configuration, peers and
 *   POSTs are never cached. The Host guard, the rate limiter, CORS and validation still run for every request:
 *   an entry is answered in `preHandler`, where the handler would have run.
 * - Bounded: least recently used entries leave first beyond `maxEntries` or `maxBytes`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface ResponseCacheOptions {
  /** The id of the chain tip the answers are computed at. */
  tip: () => string;
  /** Whether a route (its pattern, e.g. `/api/blocks/:id`) answers from the chain alone. */
  cacheable: (route: string) => boolean;
  maxEntries?: number;
  maxBytes?: number;
}

/** The public API routes whose answers depend on the chain only (not on the pool, the clock or the ports). */
const CHAIN_ROUTE_PREFIXES = [
  '/api/blockchain',
  '/api/blocks',
  '/api/transactions',
  '/api/delegates',
  '/api/wallets',
  '/api/votes',
  '/api/locks',
  '/api/entities',
  '/api/rounds',
];
const NEVER = ['/api/transactions/unconfirmed'];

export function isChainRoute(route: string): boolean {
  if (NEVER.some((prefix) => route === prefix || route.startsWith(`${prefix}/`))) return false;
  return CHAIN_ROUTE_PREFIXES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
}

interface Entry {
  payload: string;
  contentType: string;
}

export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  const maxEntries = options.maxEntries ?? 2_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let tip = '';
  /** The tip each cacheable request was answered at (an answer computed across a tip change is not kept). */
  const pending = new WeakMap<FastifyRequest, string>();

  const cacheableRequest = (request: FastifyRequest) =>
    request.method === 'GET' && options.cacheable(request.routeOptions.url ?? '');

  const currentTip = () => {
    const now = options.tip();
    if (now !== tip) {
      entries.clear();
      bytes = 0;
      tip = now;
    }
    return now;
  };

  app.addHook('preHandler', (request, reply, done) => {
    if (!cacheableRequest(request)) {
      done();
      return;
    }
    const at = currentTip();
    const hit = entries.get(request.url);
    if (hit === undefined) {
      pending.set(request, at);
      done();
      return;
    }
    // Most recently used last.
    entries.delete(request.url);
    entries.set(request.url, hit);
    void reply.header('content-type', hit.contentType).send(hit.payload);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const at = pending.get(request);
    if (at !== undefined && reply.statusCode === 200 && typeof payload === 'string' && currentTip() === at) {
      const size = payload.length;
      if (size <= maxBytes / 8) {
        const previous = entries.get(request.url);
        if (previous) bytes -= previous.payload.length;
        entries.delete(request.url);
        entries.set(request.url, {
          payload,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        });
        bytes += size;
        for (const [key, entry] of entries) {
          if (entries.size <= maxEntries && bytes <= maxBytes) break;
          entries.delete(key);
          bytes -= entry.payload.length;
        }
      }
    }
    done(null, payload);
  });
}
