/**
 * The price client against a local server answering in CryptoCompare's and CoinGecko's documented shapes
 * (tests/support/fake-price-server.ts): what it asks (only the token and the currency), how it reads each answer,
 * and that no error answer, rate limit, malformed, oversized or hanging answer becomes a price or a crash.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ARK_TOKEN,
  coinGecko,
  cryptoCompare,
  loopbackBaseUrl,
  PriceClient,
  PricesError,
  type SourceApi,
} from '../../src/core/prices';
import { startFakePriceServer, wanderingPrice, type FakePriceServer } from '../support/fake-price-server';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 6, 10, 30);

let server: FakePriceServer;
const clock = { now: NOW };

beforeAll(async () => {
  server = await startFakePriceServer({ now: () => clock.now });
});
afterAll(() => server.close());
afterEach(() => {
  server.mode = 'ok';
  server.retryAfter = undefined;
  server.requests.length = 0;
  clock.now = NOW;
});

function client(source: SourceApi, options: { timeoutMs?: number; maxBytes?: number } = {}): PriceClient {
  return new PriceClient(source, { baseUrl: server.url, now: () => clock.now, ...options });
}

async function failure(promise: Promise<unknown>): Promise<PricesError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PricesError);
  return error as PricesError;
}

describe('CryptoCompare', () => {
  it('reads the spot price and asks for nothing but the token and the currency', async () => {
    const spot = await client(cryptoCompare).spot(ARK_TOKEN, 'EUR');
    expect(spot).toEqual({ price: wanderingPrice(NOW), at: NOW });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('/data/price');
    expect(server.requests[0]?.query).toEqual({ fsym: 'ARK', tsyms: 'EUR' });
    expect(server.requests[0]?.headers['cookie']).toBeUndefined();
    expect(server.requests[0]?.headers['authorization']).toBeUndefined();
  });

  it('reads the daily closes from histoday, oldest first, today last', async () => {
    const rows = await client(cryptoCompare).daily(ARK_TOKEN, 'USD', 7);
    const today = Math.floor(NOW / DAY) * DAY;
    expect(rows.map((row) => row.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map((back) => today - back * DAY));
    expect(rows[0]?.close).toBe(wanderingPrice(today - 6 * DAY));
    expect(server.requests[0]?.path).toBe('/data/v2/histoday');
    expect(server.requests[0]?.query).toEqual({
      fsym: 'ARK',
      tsym: 'USD',
      limit: '6',
      toTs: String(NOW / 1000),
    });
  });

  it('takes `Response: "Error"` Type 99 as the rate limit and sends nothing until the backoff is over', async () => {
    const prices = client(cryptoCompare);
    server.mode = 'cc-rate-limit';
    expect((await failure(prices.spot(ARK_TOKEN, 'USD'))).code).toBe('ERR_PRICE_RATE_LIMITED');
    expect(server.requests).toHaveLength(1);
    server.mode = 'ok';
    clock.now += 59_000;
    expect((await failure(prices.spot(ARK_TOKEN, 'USD'))).code).toBe('ERR_PRICE_RATE_LIMITED');
    expect(server.requests).toHaveLength(1);
    clock.now += 2_000;
    await expect(prices.spot(ARK_TOKEN, 'USD')).resolves.toMatchObject({ price: wanderingPrice(clock.now) });
    expect(server.requests).toHaveLength(2);
  });

  it('doubles the wait with each rate limit in a row', async () => {
    const prices = client(cryptoCompare);
    server.mode = 'cc-rate-limit';
    await failure(prices.spot(ARK_TOKEN, 'USD'));
    clock.now += 61_000;
    await failure(prices.spot(ARK_TOKEN, 'USD'));
    expect(server.requests).toHaveLength(2);
    expect(prices.backingOffUntil).toBe(clock.now + 120_000);
  });

  it('passes on another `Response: "Error"` as a refusal in its own words, cleaned', async () => {
    server.mode = 'cc-error';
    const error = await failure(client(cryptoCompare).spot(ARK_TOKEN, 'USD'));
    expect(error.code).toBe('ERR_PRICE_REFUSED');
    expect(error.message).toBe('CryptoCompare said: There is no data for the symbol ARK . [31m');
    expect(error.message).not.toContain('\u001b');
  });

  it('refuses a price that is not a positive number, and a daily row not at 00:00 GMT', async () => {
    server.mode = 'wrong-shape';
    expect((await failure(client(cryptoCompare).spot(ARK_TOKEN, 'USD'))).code).toBe('ERR_PRICE_BAD_ANSWER');
    expect((await failure(client(cryptoCompare).spot(ARK_TOKEN, 'EUR'))).code).toBe('ERR_PRICE_BAD_ANSWER');
    expect((await failure(client(cryptoCompare).daily(ARK_TOKEN, 'USD', 7))).code).toBe(
      'ERR_PRICE_BAD_ANSWER',
    );
  });
});

describe('CoinGecko', () => {
  it('reads the spot price with the time CoinGecko gives, asking only for ark in the currency', async () => {
    const spot = await client(coinGecko).spot(ARK_TOKEN, 'EUR');
    expect(spot).toEqual({ price: wanderingPrice(NOW), at: (Math.floor(NOW / 1000) - 30) * 1000 });
    expect(server.requests[0]?.path).toBe('/api/v3/simple/price');
    expect(server.requests[0]?.query).toEqual({
      ids: 'ark',
      vs_currencies: 'eur',
      include_last_updated_at: 'true',
    });
  });

  it('reads market_chart: a point at 00:00 UTC is the close of the day before it, the last one today', async () => {
    const rows = await client(coinGecko).daily(ARK_TOKEN, 'USD', 5);
    const today = Math.floor(NOW / DAY) * DAY;
    expect(rows).toEqual([
      ...[4, 3, 2, 1].map((back) => ({ day: today - back * DAY, close: wanderingPrice(today - back * DAY) })),
      { day: today, close: wanderingPrice(NOW) },
    ]);
    expect(server.requests[0]?.path).toBe('/api/v3/coins/ark/market_chart');
    expect(server.requests[0]?.query).toEqual({ vs_currency: 'usd', days: '5', interval: 'daily' });
  });

  it('takes HTTP 429 with its error JSON as the rate limit and waits the Retry-After it gives', async () => {
    const prices = client(coinGecko);
    server.mode = 'cg-rate-limit';
    server.retryAfter = '300';
    expect((await failure(prices.spot(ARK_TOKEN, 'USD'))).code).toBe('ERR_PRICE_RATE_LIMITED');
    expect(prices.backingOffUntil).toBe(NOW + 300_000);
    server.mode = 'ok';
    clock.now += 299_000;
    await failure(prices.daily(ARK_TOKEN, 'USD', 5));
    expect(server.requests).toHaveLength(1);
    clock.now += 1_000;
    await expect(prices.spot(ARK_TOKEN, 'USD')).resolves.toMatchObject({ price: wanderingPrice(clock.now) });
  });

  it('never waits longer than an hour, whatever Retry-After says', async () => {
    const prices = client(coinGecko);
    server.mode = 'http429';
    server.retryAfter = '999999999';
    await failure(prices.spot(ARK_TOKEN, 'USD'));
    expect(prices.backingOffUntil).toBe(NOW + 3_600_000);
  });

  it('passes on its error JSON ({"error": …}) as a refusal', async () => {
    server.mode = 'cg-not-found';
    const error = await failure(client(coinGecko).spot(ARK_TOKEN, 'USD'));
    expect(error.code).toBe('ERR_PRICE_REFUSED');
    expect(error.message).toBe('CoinGecko said: coin not found');
  });

  it('refuses a price given as text or below zero, and a chart without points', async () => {
    server.mode = 'wrong-shape';
    expect((await failure(client(coinGecko).spot(ARK_TOKEN, 'USD'))).code).toBe('ERR_PRICE_BAD_ANSWER');
    expect((await failure(client(coinGecko).spot(ARK_TOKEN, 'EUR'))).code).toBe('ERR_PRICE_BAD_ANSWER');
    expect((await failure(client(coinGecko).daily(ARK_TOKEN, 'USD', 5))).code).toBe('ERR_PRICE_BAD_ANSWER');
  });
});

describe('any source, any misbehaviour', () => {
  for (const source of [cryptoCompare, coinGecko]) {
    it(`${source.id}: a 5xx is unreachable, not a refusal, and starts no backoff`, async () => {
      server.mode = 'fail500';
      const prices = client(source);
      expect((await failure(prices.spot(ARK_TOKEN, 'USD'))).code).toBe('ERR_PRICE_UNREACHABLE');
      expect(prices.backingOffUntil).toBe(0);
    });

    it(`${source.id}: an answer that is not JSON is a bad answer`, async () => {
      server.mode = 'not-json';
      expect((await failure(client(source).spot(ARK_TOKEN, 'USD'))).code).toBe('ERR_PRICE_BAD_ANSWER');
    });

    it(`${source.id}: an answer past the size cap is refused before it is parsed`, async () => {
      server.mode = 'oversized';
      const error = await failure(client(source, { maxBytes: 100_000 }).spot(ARK_TOKEN, 'USD'));
      expect(error.code).toBe('ERR_PRICE_BAD_ANSWER');
      expect(error.message).toContain('longer than 100000 bytes');
    });

    it(`${source.id}: a server that never answers times out`, async () => {
      server.mode = 'hang';
      const error = await failure(client(source, { timeoutMs: 300 }).spot(ARK_TOKEN, 'USD'));
      expect(error.code).toBe('ERR_PRICE_UNREACHABLE');
      expect(error.message).toContain('did not answer');
    });

    it(`${source.id}: a redirect is not followed`, async () => {
      server.mode = 'redirect';
      expect((await failure(client(source).spot(ARK_TOKEN, 'USD'))).code).toBe('ERR_PRICE_UNREACHABLE');
      expect(server.requests).toHaveLength(1);
    });
  }

  it('takes no daily row from the future (a server whose clock is two days ahead)', async () => {
    server.now = () => clock.now + 2 * DAY;
    try {
      const rows = await client(coinGecko).daily(ARK_TOKEN, 'USD', 5);
      const today = Math.floor(NOW / DAY) * DAY;
      expect(rows.map((row) => row.day)).toEqual([3, 2, 1, 0].map((back) => today - back * DAY));
    } finally {
      server.now = () => clock.now;
    }
  });
});

describe('the base URL override', () => {
  it('takes a loopback http URL only', () => {
    expect(loopbackBaseUrl('http://127.0.0.1:4999/')).toBe('http://127.0.0.1:4999');
    expect(loopbackBaseUrl('http://localhost:80/prices')).toBe('http://localhost/prices');
    for (const bad of [
      'https://min-api.cryptocompare.com',
      'http://10.0.0.2:80',
      'http://127.0.0.1.nip.io',
      'file:///etc',
      'http://u:p@127.0.0.1:1',
      'nonsense',
    ]) {
      expect(() => loopbackBaseUrl(bad)).toThrow();
    }
  });
});
