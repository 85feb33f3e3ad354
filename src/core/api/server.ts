/**
 * createApiServer: the public API under `/api` (127.0.0.1:4003 by default) and the secondary
 * interface (127.0.0.1:4004 by default), two fastify instances over one node. Both read through the node's own
 * database connection on the main thread; a block is applied in one SQLite transaction, so every answer sees
 * whole blocks.
 */
import type { FastifyInstance } from 'fastify';
import { ChainQueries } from '../query';
import type { ApiContext, ApiNode, ApiSyncSource } from './context';
import { createBaseApp, type RateLimitOptions } from './http/app';
import type { ConnectionLimits } from './http/connection-limits';
import { isChainRoute, registerResponseCache } from './http/response-cache';
import { blockRoutes } from './routes/blocks';
import { blockchainRoutes } from './routes/blockchain';
import { delegateRoutes } from './routes/delegates';
import { entityRoutes } from './routes/entities';
import { lockRoutes } from './routes/locks';
import { nodeRoutes } from './routes/node';
import { peerRoutes } from './routes/peers';
import { transactionRoutes } from './routes/transactions';
import { voteRoutes } from './routes/votes';
import { walletRoutes } from './routes/wallets';
import { countRequests, createNodeMetrics, metricsRoute } from './secondary/metrics';
import { secondaryRoutes } from './secondary/routes';
import { VOTARY_VERSION } from './version';

export const DEFAULT_API_HOST = '127.0.0.1';
export const DEFAULT_PUBLIC_PORT = 4003;
export const DEFAULT_SECONDARY_PORT = 4004;

export interface ApiServerOptions {
  node: ApiNode;
  /** Address both interfaces bind to (default 127.0.0.1). */
  host?: string;
  /** The secondary interface's port (default 4004; 0 = any free port). */
  port?: number;
  /** The public API's port (default 4003; 0 = any free port). */
  publicPort?: number;
  rateLimit?: RateLimitOptions;
  /** Unix milliseconds (default Date.now). */
  now?: () => number;
  /**
   * Cache GET answers of the chain-only routes until the next block (http/response-cache.ts); default true.
   */
  responseCache?: boolean;
  /**
   * Compile every route's validation schemas when the server starts instead of on each route's first request
   * (http/validation.ts; default false, which keeps the node's start-up short). Tests set it, so that a schema
   * error fails them at once.
   */
  eagerSchemas?: boolean;
  /** Genuine server errors (bugs); default: written to stderr. */
  onServerError?: (error: unknown) => void;
  /** Deadlines and the connection cap of both servers (http/connection-limits.ts); tests shorten them. */
  limits?: Partial<ConnectionLimits>;
  /** A followed chain's sync: then /node/status, /node/syncing and /peers tell it (context.ts). */
  sync?: ApiSyncSource;
}

/** A route group: registers its routes on an instance (under `/api` for the public API). */
export type RouteGroup = (app: FastifyInstance, ctx: ApiContext) => void;

/** Every route group of the public API. A new group (delegates, wallets, …) is added here. */
export const PUBLIC_ROUTE_GROUPS: readonly RouteGroup[] = [
  blockchainRoutes,
  blockRoutes,
  transactionRoutes,
  nodeRoutes,
  peerRoutes,
  lockRoutes,
  entityRoutes,
  delegateRoutes,
  walletRoutes,
  voteRoutes,
];

export interface ApiServer {
  /** The public API (routes under /api, plus `GET /`). */
  readonly publicApp: FastifyInstance;
  /** The secondary interface (/blockchain, /trng, /trng-1, /metrics). */
  readonly secondaryApp: FastifyInstance;
  readonly context: ApiContext;
  /** The reads every route answers from: a LocalChain of this node reads them too (core/chain-access). */
  readonly queries: ChainQueries;
  /** Starts listening on both; resolves with their URLs. */
  listen(): Promise<{ publicUrl: string; secondaryUrl: string }>;
  close(): Promise<void>;
}

function boundPort(app: FastifyInstance, fallback: number): number {
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : fallback;
}

function urlOf(host: string, port: number, path: string): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;
}

export function createApiServer(options: ApiServerOptions): ApiServer {
  const host = options.host ?? DEFAULT_API_HOST;
  const publicPort = options.publicPort ?? DEFAULT_PUBLIC_PORT;
  const secondaryPort = options.port ?? DEFAULT_SECONDARY_PORT;
  const onServerError =
    options.onServerError ??
    ((error: unknown) =>
      process.stderr.write(
        `votary api: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      ));

  // Filled below; the ports are read when requests arrive, after listen() bound them (port 0 = any free port).
  const bound: { public?: FastifyInstance; secondary?: FastifyInstance } = {};
  const ports = () => ({
    public: bound.public ? boundPort(bound.public, publicPort) : publicPort,
    secondary: bound.secondary ? boundPort(bound.secondary, secondaryPort) : secondaryPort,
  });
  const queries = new ChainQueries({
    node: options.node.readSide,
    sync: options.sync,
    ports,
    version: VOTARY_VERSION,
    now: options.now ?? Date.now,
  });
  const context: ApiContext = {
    queries,
    network: options.node.readSide.chain.network,
    node: options.node,
    sync: options.sync,
  };
  const chain = options.node.readSide.chain;
  const base = (port: () => number) =>
    createBaseApp({
      host,
      port,
      blockHeight: () => chain.height(),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      eagerSchemas: options.eagerSchemas ?? false,
      ...(options.limits ? { limits: options.limits } : {}),
      onServerError: (error) => onServerError(error),
    });

  const metrics = createNodeMetrics(context);
  const publicApp = (bound.public = base(() => ports().public));
  countRequests(publicApp, metrics);
  publicApp.get('/', () => ({ data: 'Hello World!' }));
  if (options.responseCache ?? true) {
    registerResponseCache(publicApp, {
      tip: () => chain.lastBlock().id ?? '',
      cacheable: isChainRoute,
    });
  }
  // Registered as a plugin so that it loads after CORS and the rate limiter, which attach to the routes.
  void publicApp.register(
    (api, _opts, done) => {
      for (const group of PUBLIC_ROUTE_GROUPS) group(api, context);
      done();
    },
    { prefix: '/api' },
  );

  const secondaryApp = (bound.secondary = base(() => ports().secondary));
  void secondaryApp.register((app, _opts, done) => {
    secondaryRoutes(app, context);
    metricsRoute(app, metrics);
    done();
  });

  const apps = { publicApp, secondaryApp };
  return {
    ...apps,
    context,
    queries,
    async listen() {
      await apps.publicApp.listen({ host, port: publicPort });
      try {
        await apps.secondaryApp.listen({ host, port: secondaryPort });
      } catch (error) {
        await apps.publicApp.close();
        throw error;
      }
      const bound = ports();
      return { publicUrl: urlOf(host, bound.public, '/api'), secondaryUrl: urlOf(host, bound.secondary, '') };
    },
    async close() {
      await Promise.all([apps.publicApp.close(), apps.secondaryApp.close()]);
    },
  };
}
