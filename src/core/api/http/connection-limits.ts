/**
 * Time and count limits for every HTTP server Votary runs (the public API, the secondary interface and the browser
 * shell; docs/design/security.md "Slow and hostile clients"). Without them Node keeps an idle, trickling or
 * half-sent connection for minutes (headers 60 s, a whole request 300 s, checked every 30 s) and accepts
 * connections without bound. ARK Core's API (hapi) closes a socket after 5 s; the same 5 s bound the headers and
 * the keep-alive pause here.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** The request line and headers must arrive within this (ms), and a new connection's first byte too. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (ms). */
  requestTimeoutMs: number;
  /**
   * An idle keep-alive connection is closed after this (ms), as advertised in `Keep-Alive: timeout=`; Node 20 closes
   * the socket 1 s later (`HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER` in its lib/_http_server.js) so a client honouring
   * the advertised pause never writes to a closing socket.
   */
  keepAliveTimeoutMs: number;
  /** Connections over this many are refused (closed at once). */
  maxConnections: number;
  /** How often Node checks the header and request deadlines (ms); also their granularity. */
  checkIntervalMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
  checkIntervalMs: 1_000,
};

/**
 * Applies the limits to a server before it listens: Node starts its deadline checker on 'listening' with the
 * interval the server holds then.
 */
export function applyConnectionLimits(
  server: Server,
  limits: Partial<ConnectionLimits> = {},
): ConnectionLimits {
  const chosen = { ...DEFAULT_CONNECTION_LIMITS, ...limits };
  // headersTimeout must not exceed requestTimeout (Node's rule), and both are enforced by the checker.
  server.requestTimeout = chosen.requestTimeoutMs;
  server.headersTimeout = Math.min(chosen.headersTimeoutMs, chosen.requestTimeoutMs);
  server.keepAliveTimeout = chosen.keepAliveTimeoutMs;
  server.maxConnections = chosen.maxConnections;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    chosen.checkIntervalMs;
  // Node's header deadline starts with the first byte, so a connection that never sends one would stay open; and
  // while the deadline checker runs, a socket inactivity timeout (server.setTimeout) never fires (measured on
  // Node 20). So a new connection gets its own deadline for its first byte.
  // A server answering before the body arrived (a 404, a 405, a refusal) would otherwise keep the connection
  // open for the rest of that body, which a slow client need never send: once the answer is out, it closes.
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    response.once('finish', () => {
      if (!request.complete) request.socket.end();
    });
  });
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), server.headersTimeout);
    timer.unref();
    const clear = () => clearTimeout(timer);
    socket.once('data', clear);
    socket.once('close', clear);
  });
  return chosen;
}
