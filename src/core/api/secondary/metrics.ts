/**
 * `GET /metrics` on the secondary interface: the node's state in Prometheus' text format, through prom-client
 * (the maintained Prometheus client for Node.js), for operators who run followers behind a load balancer
 * (docs/design/scale.md; a Grafana dashboard: docs/grafana/votary-node.json).
 *
 * Read when scraped, never kept up to date in between: the verified height (the stored chain), the height the
 * peers claim, the sync state and rate, each peer's height, latency and state, the pool's size and the database's
 * size on disk. Kept as requests pass: the public API's requests and latency by route (the route's pattern, never
 * the URL a client sent, so the label set stays bounded). Plus prom-client's process metrics (memory, CPU, event
 * loop lag) under the `votary_` prefix.
 */
import { statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ApiContext } from '../context';

/** Peer states as the follower reports them (sync-status.ts): usable, banned, or not heard from yet. */
export const PEER_STATES = ['usable', 'banned', 'unknown'] as const;
export const SYNC_STATES = ['starting', 'syncing', 'synced', 'stalled', 'stopped'] as const;

/** Bucket bounds (seconds) around the API's targets: p99 ≤ 25–50 ms for lists (docs/benchmarks.md). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface NodeMetrics {
  readonly registry: Registry;
  /** Counts one answered request of the public API. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** The database file and its WAL: what the chain takes on disk now. */
function databaseBytes(file: string): number {
  let total = 0;
  for (const path of [file, `${file}-wal`]) {
    try {
      total += statSync(path).size;
    } catch {
      // An in-memory database, or no WAL at this moment: nothing on disk.
    }
  }
  return total;
}

export function createNodeMetrics(ctx: ApiContext): NodeMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'votary_' });
  const { node, pool } = ctx.queries.of;
  const status = () => ctx.sync?.status?.();

  new Gauge({
    name: 'votary_chain_height',
    help: 'Height of the verified chain this node stores and serves',
    registers: [registry],
    collect() {
      this.set(node.height());
    },
  });
  new Gauge({
    name: 'votary_network_height',
    help: 'Highest height a usable peer claims (the chain height when the node follows no network)',
    registers: [registry],
    collect() {
      this.set(ctx.sync ? ctx.sync.networkHeight() : node.height());
    },
  });
  new Gauge({
    name: 'votary_sync_blocks_per_second',
    help: 'Blocks verified and applied per second over the last few seconds (0 when not following)',
    registers: [registry],
    collect() {
      this.set(status()?.blocksPerSecond ?? 0);
    },
  });
  new Gauge({
    name: 'votary_sync_state',
    help: 'The follower state: 1 for the current one (a node that follows no network is synced)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const current = ctx.sync ? (status()?.state ?? 'starting') : 'synced';
      for (const state of SYNC_STATES) this.set({ state }, state === current ? 1 : 0);
    },
  });
  new Gauge({
    name: 'votary_peers',
    help: 'Peers the follower knows, by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const counts = new Map<string, number>(PEER_STATES.map((state) => [state, 0]));
      for (const peer of status()?.peers ?? []) {
        const state = peer.banned !== undefined ? 'banned' : peer.height === undefined ? 'unknown' : 'usable';
        counts.set(state, (counts.get(state) ?? 0) + 1);
      }
      for (const [state, count] of counts) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'votary_peer_height',
    help: 'The height each peer last claimed',
    labelNames: ['peer'],
    registers: [registry],
    collect() {
      this.reset();
      for (const peer of status()?.peers ?? []) {
        if (peer.height !== undefined) this.set({ peer: peer.url }, peer.height);
      }
    },
  });
  new Gauge({
    name: 'votary_peer_latency_seconds',
    help: "Each peer's last measured answer time",
    labelNames: ['peer'],
    registers: [registry],
    collect() {
      this.reset();
      for (const peer of status()?.peers ?? []) {
        if (peer.latencyMs !== undefined) this.set({ peer: peer.url }, peer.latencyMs / 1000);
      }
    },
  });
  new Gauge({
    name: 'votary_pool_transactions',
    help: 'Transactions waiting in the pool',
    registers: [registry],
    collect() {
      this.set(pool.size());
    },
  });
  new Gauge({
    name: 'votary_database_bytes',
    help: 'Size of the chain database on disk (the file and its write-ahead log)',
    registers: [registry],
    collect() {
      this.set(databaseBytes(ctx.node.readSide.chain.db.name));
    },
  });

  const requests = new Counter({
    name: 'votary_api_requests_total',
    help: 'Requests the public API answered, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'votary_api_request_duration_seconds',
    help: 'Time to answer a public API request, by route pattern and method',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
  };
}

/** Counts every answer of `app` (the public API) by its route pattern; an unknown URL counts as `unmatched`. */
export function countRequests(app: FastifyInstance, metrics: NodeMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** `GET /metrics` on the secondary interface. */
export function metricsRoute(app: FastifyInstance, metrics: NodeMetrics): void {
  app.get('/metrics', async (_request, reply) => {
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
