/** Cross-cutting HTTP behaviour (ark-core-api.md §1, §2.2, §4, §5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { startApiChain, type ApiChain } from './support/api-chain';
import { at, get, post, request } from './support/http';

let chain: ApiChain;
const extra: ApiServer[] = [];
beforeAll(async () => {
  chain = await startApiChain();
});
afterAll(async () => {
  for (const server of extra) await server.close();
  await chain?.close();
});

function serverWith(options: Omit<Parameters<typeof createApiServer>[0], 'node'>): ApiServer {
  const server = createApiServer({ node: chain.node, ...options });
  extra.push(server);
  return server;
}

describe('basics', () => {
  it('GET / says hello; unknown routes and methods are 404 in the Boom shape', async () => {
    const app = chain.server.publicApp;
    expect((await get(app, '/')).body).toEqual({ data: 'Hello World!' });
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['DELETE', '/api/blocks'],
      ['POST', '/api/blocks'],
      ['GET', '/blocks'],
    ] as const) {
      const answer = await request(app, method, url);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    }
  });

  it('ignores a trailing slash', async () => {
    const answer = await get(chain.server.publicApp, '/api/blockchain/');
    expect(answer.status).toBe(200);
    expect(at(answer.body, 'data', 'block', 'height')).toBe(chain.node.height);
  });

  it('sends X-Block-Height on every answer, errors included', async () => {
    for (const url of ['/api/blocks/last', '/api/nothing', '/api/blocks?limit=0']) {
      const answer = await get(chain.server.publicApp, url);
      expect(answer.headers['x-block-height']).toBe(String(chain.node.height));
    }
    expect(
      (await get(chain.server.secondaryApp, '/trng', { host: '127.0.0.1:4004' })).headers['x-block-height'],
    ).toBe(String(chain.node.height));
  });

  it('answers a genuine bug with a generic 500 and reports it', async () => {
    const reported: unknown[] = [];
    const server = serverWith({ onServerError: (error) => reported.push(error) });
    server.publicApp.get('/boom', () => {
      throw new Error('a bug');
    });
    const answer = await get(server.publicApp, '/boom');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An internal server error occurred',
    });
    expect(reported).toHaveLength(1);
  });
});

describe('validation messages (ARK §2.2)', () => {
  const cases: [string, string][] = [
    [
      '/api/blocks?limit=101',
      '"limit" must be less than or equal to ref:global:configuration.plugins.pagination.limit',
    ],
    ['/api/blocks?limit=0', '"limit" must be greater than or equal to 1'],
    ['/api/blocks?limit=abc', '"limit" must be a number'],
    ['/api/blocks?limit=', '"limit" must be a number'],
    ['/api/blocks?page=0', '"page" must be a positive number'],
    ['/api/blocks?page=-1', '"page" must be a positive number'],
    ['/api/blocks?page=1.5', '"page" must be an integer'],
    ['/api/blocks?page=1&page=2', '"page" must be a number'],
    ['/api/blocks?page=9007199254740993', '"page" must be a safe number'],
    ['/api/blocks?foo=bar', '"foo" is not allowed'],
    ['/api/blocks?transform=yes', '"transform" must be a boolean'],
    ['/api/blocks?transform=1', '"transform" must be a boolean'],
    [
      '/api/blocks?orderBy=height',
      '"orderBy" with value "height" fails to match the required pattern: /^[a-z._]{1,40}:(asc|desc)$/i',
    ],
    ['/api/blocks?orderBy=foo:asc', "Unknown orderBy property 'foo'"],
    ['/api/blocks?id=abc', '"id" does not match any of the allowed types'],
    ['/api/blocks?height.from=abc', '"height" does not match any of the allowed types'],
    ['/api/blocks?height.foo=1', '"height" does not match any of the allowed types'],
    ['/api/transactions?senderId=AXXX', '"senderId" length must be 34 characters long'],
    ['/api/transactions?senderId=' + '_'.repeat(34), '"senderId" must only contain alpha-numeric characters'],
    ['/api/transactions/abc', '"id" length must be 64 characters long'],
    ['/api/transactions/' + 'x'.repeat(64), '"id" must only contain hexadecimal characters'],
    ['/api/blocks/abc', '"id" does not match any of the allowed types'],
    [
      '/api/peers/1.2.3',
      '"ip" must be a valid ip address of one of the following versions [ipv4, ipv6] with a optional CIDR',
    ],
    ['/api/node/fees?days=31', '"days" must be less than or equal to 30'],
    ['/api/node/fees?days=0', '"days" must be greater than or equal to 1'],
    [
      '/api/transactions?orderBy=address:asc',
      "orderBy property 'address' cannot be sorted on: it matches the sender or the recipient",
    ],
    ['/api/transactions?asset.a-b=1', '"asset.a-b" is not allowed'],
  ];
  it.each(cases)('%s → 422 %s', async (url, message) => {
    const answer = await get(chain.server.publicApp, url);
    expect(answer.body).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message });
  });

  it('accepts TRUE/False for booleans, as Joi does', async () => {
    expect((await get(chain.server.publicApp, '/api/blocks?transform=TRUE&limit=1')).status).toBe(200);
    const raw = await get(chain.server.publicApp, '/api/blocks?transform=False&limit=1');
    expect(at(raw.body, 'data', 0, 'blockSignature')).toBeTypeOf('string');
  });

  it('routes without a query schema accept any query (ARK)', async () => {
    expect((await get(chain.server.publicApp, '/api/blockchain?anything=1')).status).toBe(200);
  });
});

describe('bodies', () => {
  it('refuses more than 1 MiB with ARK’s 422', async () => {
    const payload = JSON.stringify({ transactions: ['00'.repeat(600_000)] });
    const answer = await request(chain.server.publicApp, 'POST', '/api/transactions', {
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.body).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'Payload content length greater than maximum allowed: 1048576',
    });
  });

  it('answers invalid JSON, prototype poisoning and an empty body with 422', async () => {
    const send = (payload: string) =>
      request(chain.server.publicApp, 'POST', '/api/transactions', {
        payload,
        headers: { 'content-type': 'application/json' },
      });
    expect((await send('{"transactions": [')).body).toMatchObject({
      statusCode: 422,
      message: 'Invalid request payload JSON format',
    });
    expect((await send('{"__proto__": {"x": 1}, "transactions": []}')).body).toMatchObject({
      statusCode: 422,
      message: 'Invalid request payload JSON format',
    });
    expect((await send('')).body).toMatchObject({ statusCode: 422, message: 'should be object' });
  });

  it('answers another content type with 415 in the Boom shape', async () => {
    const answer = await request(chain.server.publicApp, 'POST', '/api/transactions', {
      payload: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
  });

  it('POST with 41 transactions is 422', async () => {
    const answer = await post(chain.server.publicApp, '/api/transactions', {
      transactions: Array.from({ length: 41 }, () => '00'),
    });
    expect(answer.body).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'should NOT have more than 40 items',
    });
  });
});

describe('CORS (ARK §5.1): GET from any origin', () => {
  it('echoes the origin on GET and allows only GET/HEAD in preflight', async () => {
    const answer = await get(chain.server.publicApp, '/api/blockchain', { origin: 'https://example.org' });
    expect(answer.headers['access-control-allow-origin']).toBe('https://example.org');
    const preflight = await request(chain.server.publicApp, 'OPTIONS', '/api/transactions', {
      headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD');
  });
});

describe('Host guard on loopback (DNS rebinding)', () => {
  it('accepts loopback names with the port, refuses anything else with 403', async () => {
    const app = chain.server.publicApp;
    for (const host of ['127.0.0.1:4003', 'localhost:4003', '[::1]:4003', 'LOCALHOST:4003']) {
      expect((await get(app, '/api/blockchain', { host })).status).toBe(200);
    }
    for (const host of ['evil.example:4003', '127.0.0.1:4004', 'localhost', '127.0.0.1.evil.example:4003']) {
      const answer = await get(app, '/api/blockchain', { host });
      expect(answer.status).toBe(403);
      expect(at(answer.body, 'message')).toContain('DNS-rebinding protection');
    }
    expect((await get(chain.server.secondaryApp, '/trng', { host: '127.0.0.1:4003' })).status).toBe(403);
  });

  it('is off when bound to a non-loopback address', async () => {
    const server = serverWith({ host: '0.0.0.0', rateLimit: { enabled: false } });
    expect((await get(server.publicApp, '/api/blockchain', { host: 'node.example.org' })).status).toBe(200);
  });
});

describe('rate limiting', () => {
  it('limits other clients to 100 per minute by default on a non-loopback host, loopback exempt', async () => {
    const server = serverWith({ host: '0.0.0.0' });
    const remote = await request(server.publicApp, 'GET', '/api/blockchain', { remoteAddress: '10.0.0.2' });
    expect(remote.headers['x-ratelimit-limit']).toBe('100');
    expect(remote.headers['x-ratelimit-remaining']).toBe('99');
    const local = await request(server.publicApp, 'GET', '/api/blockchain', { remoteAddress: '127.0.0.1' });
    expect(local.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('answers 429 with Retry-After and X-RateLimit-* once the configured limit is used', async () => {
    const server = serverWith({ host: '0.0.0.0', rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const call = () => request(server.publicApp, 'GET', '/api/blockchain', { remoteAddress: '10.0.0.3' });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too Many Requests',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('2');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-reset']).toBeDefined();
    // Another client is not affected.
    expect(
      (await request(server.publicApp, 'GET', '/api/blockchain', { remoteAddress: '10.0.0.4' })).status,
    ).toBe(200);
  });

  it('is off by default on loopback', async () => {
    const answer = await request(chain.server.publicApp, 'GET', '/api/blockchain', {
      remoteAddress: '10.0.0.5',
    });
    expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
