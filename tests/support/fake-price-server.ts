/**
 * A price server on 127.0.0.1 that answers as CryptoCompare's and CoinGecko's public APIs document (the shapes in
 * src/core/prices/cryptocompare.ts and coingecko.ts), both on one port, with switchable misbehaviour: each API's
 * rate-limit answer (HTTP 429 with or without Retry-After, CryptoCompare's `Response: "Error"` Type 99), its error
 * answers, a 5xx, a body that is not JSON, one of the wrong shape, an oversized one, a redirect, a hang. It records
 * every request (path and query), so a test can say exactly what left the machine — or that nothing did.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type PriceServerMode =
  | 'ok'
  | 'http429'
  | 'cc-rate-limit'
  | 'cc-error'
  | 'cg-rate-limit'
  | 'cg-not-found'
  | 'fail500'
  | 'not-json'
  | 'wrong-shape'
  | 'oversized'
  | 'redirect'
  | 'hang';

export interface FakePriceServer {
  url: string;
  mode: PriceServerMode;
  /** Sent with 429 answers when set (seconds, as text). */
  retryAfter: string | undefined;
  /** Every request: its path and query parameters, and its headers. */
  requests: { path: string; query: Record<string, string>; headers: IncomingMessage['headers'] }[];
  /** The price of one ARK on a day (Unix ms of the day's start); `now` for the spot price. */
  priceOn: (dayMs: number) => number;
  /** Unix ms the server takes as now (spot time, the last history point). */
  now: () => number;
  close(): Promise<void>;
}

const DAY = 86_400_000;

/** A price that wanders by day, so a chart of it has a shape (deterministic). */
export function wanderingPrice(dayMs: number): number {
  const n = Math.floor(dayMs / DAY);
  return Math.round((0.3 + 0.05 * Math.sin(n / 5) + 0.02 * Math.cos(n / 2)) * 10_000) / 10_000;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

function ccHistoday(server: FakePriceServer, query: Record<string, string>): unknown {
  const limit = Math.min(Number(query['limit'] ?? 30), 2000);
  const to = Math.floor((Number(query['toTs'] ?? server.now() / 1000) * 1000) / DAY) * DAY;
  const rows = [];
  for (let i = limit; i >= 0; i--) {
    const day = to - i * DAY;
    const close = day === to ? server.priceOn(server.now()) : server.priceOn(day);
    rows.push({
      time: day / 1000,
      high: close * 1.02,
      low: close * 0.98,
      open: close,
      volumefrom: 1000,
      volumeto: 300,
      close,
      conversionType: 'direct',
      conversionSymbol: '',
    });
  }
  return {
    Response: 'Success',
    Message: '',
    HasWarning: false,
    Type: 100,
    RateLimit: {},
    Data: { Aggregated: false, TimeFrom: rows[0]?.time, TimeTo: to / 1000, Data: rows },
  };
}

function cgChart(server: FakePriceServer, query: Record<string, string>): unknown {
  const days = Math.min(Number(query['days'] ?? 30), 365);
  const today = Math.floor(server.now() / DAY) * DAY;
  const prices: [number, number][] = [];
  // A point at each 00:00 UTC: the day before's close; then now.
  for (let i = days - 1; i >= 0; i--) {
    const midnight = today - i * DAY;
    prices.push([midnight, server.priceOn(midnight - DAY)]);
  }
  prices.push([server.now(), server.priceOn(server.now())]);
  return {
    prices,
    market_caps: prices.map(([at, p]) => [at, p * 1.6e8]),
    total_volumes: prices.map(([at]) => [at, 1e6]),
  };
}

function answer(server: FakePriceServer, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const query = Object.fromEntries(url.searchParams);
  server.requests.push({ path: url.pathname, query, headers: req.headers });
  const coingecko = url.pathname.startsWith('/api/v3/');
  const retry: Record<string, string> =
    server.retryAfter === undefined ? {} : { 'retry-after': server.retryAfter };
  switch (server.mode) {
    case 'http429':
      return send(
        res,
        429,
        coingecko
          ? {
              status: {
                error_code: 429,
                error_message:
                  "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.",
              },
            }
          : { Response: 'Error', Message: 'Rate limit exceeded', Type: 99 },
        retry,
      );
    case 'cc-rate-limit':
      return send(res, 200, {
        Response: 'Error',
        Message: 'You are over your rate limit please upgrade your account!',
        HasWarning: false,
        Type: 99,
        RateLimit: { calls_made: { second: 53 }, max_calls: { second: 50 } },
        Data: {},
      });
    case 'cc-error':
      return send(res, 200, {
        Response: 'Error',
        Message: 'There is no data for the symbol ARK .\u001b[31m',
        HasWarning: false,
        Type: 2,
        RateLimit: {},
        Data: {},
        ParamWithError: 'fsym',
      });
    case 'cg-rate-limit':
      return send(
        res,
        429,
        { status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } },
        retry,
      );
    case 'cg-not-found':
      return send(res, 404, { error: 'coin not found' });
    case 'fail500':
      return send(res, 500, '<html>500 Internal Server Error</html>');
    case 'not-json':
      return send(res, 200, '<html>maintenance</html>');
    case 'wrong-shape':
      return send(
        res,
        200,
        coingecko
          ? { ark: { usd: '0.31', eur: -1 }, prices: 'soon' }
          : { USD: '0.31', EUR: 0, Response: 'Success', Data: { Data: [{ time: 12345, close: 0.3 }] } },
      );
    case 'oversized':
      return send(res, 200, JSON.stringify({ USD: 0.3, padding: 'x'.repeat(2_000_000) }));
    case 'redirect':
      // To a place that would answer a price: a client that followed it would take it.
      res.writeHead(302, { location: `${server.url}/redirected${url.search}` });
      return void res.end();
    case 'hang':
      return; // never answers
    case 'ok':
      break;
  }
  const price = server.priceOn(server.now());
  if (url.pathname === '/data/price' || url.pathname === '/redirected') {
    const currency = query['tsyms'] ?? 'USD';
    return send(res, 200, { [currency]: price });
  }
  if (url.pathname === '/data/v2/histoday') return send(res, 200, ccHistoday(server, query));
  if (url.pathname === '/api/v3/simple/price') {
    const currency = query['vs_currencies'] ?? 'usd';
    return send(res, 200, {
      [query['ids'] ?? 'ark']: { [currency]: price, last_updated_at: Math.floor(server.now() / 1000) - 30 },
    });
  }
  if (url.pathname === '/api/v3/coins/ark/market_chart') return send(res, 200, cgChart(server, query));
  return send(
    res,
    404,
    coingecko ? { error: 'Not found' } : { Response: 'Error', Message: 'Path does not exist', Type: 1 },
  );
}

export async function startFakePriceServer(options: { now?: () => number } = {}): Promise<FakePriceServer> {
  const sockets = new Set<Socket>();
  const http: Server = createServer((req, res) => answer(server, req, res));
  const server: FakePriceServer = {
    url: '',
    mode: 'ok',
    retryAfter: undefined,
    requests: [],
    priceOn: wanderingPrice,
    now: options.now ?? Date.now,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        http.close(() => resolve());
      }),
  };

  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
}
