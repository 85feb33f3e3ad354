/**
 * Validators compiled on first use (http/validation.ts, the node's default since it halves start-up) answer
 * exactly like eagerly compiled ones: the same 422 message, the same coercion and defaults.
 */
import { describe, expect, it } from 'vitest';
import { createBaseApp } from '../../src/core/api/http/app';

function appWith(eagerSchemas: boolean) {
  const app = createBaseApp({ host: '127.0.0.1', port: () => 80, blockHeight: () => 1, eagerSchemas });
  app.get(
    '/api/things',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 } },
        },
      },
    },
    (request) => ({ data: request.query }),
  );
  return app;
}

async function answer(eagerSchemas: boolean, url: string) {
  const app = appWith(eagerSchemas);
  try {
    const response = await app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:80' } });
    return { status: response.statusCode, body: response.json<unknown>() };
  } finally {
    await app.close();
  }
}

describe('lazily compiled validators', () => {
  for (const url of ['/api/things', '/api/things?limit=7', '/api/things?limit=0', '/api/things?foo=1']) {
    it(`answer ${url} as the eager ones do`, async () => {
      const lazy = await answer(false, url);
      expect(lazy).toEqual(await answer(true, url));
      expect(lazy.status).toBe(url.endsWith('limit=0') || url.endsWith('foo=1') ? 422 : 200);
    });
  }

  it('coerce and default the query', async () => {
    expect((await answer(false, '/api/things?limit=7')).body).toEqual({ data: { limit: 7 } });
    expect((await answer(false, '/api/things')).body).toEqual({ data: { limit: 100 } });
    expect((await answer(false, '/api/things?limit=0')).body).toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('limit') as unknown,
    });
  });
});

describe('non-finite numbers', () => {
  async function posted(payload: string) {
    const app = createBaseApp({ host: '127.0.0.1', port: () => 80, blockHeight: () => 1 });
    app.post(
      '/api/things',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              items: {
                type: 'array',
                items: { type: 'object', properties: { 'a/b': { type: 'number' }, n: { type: 'number' } } },
              },
            },
          },
        },
      },
      (request) => ({ data: request.body }),
    );
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/things',
        headers: { host: '127.0.0.1:80', 'content-type': 'application/json' },
        payload,
      });
      return { status: response.statusCode, body: response.json<{ message?: string }>() };
    } finally {
      await app.close();
    }
  }

  it('are refused with the path of the first one, however deep, and finite ones pass', async () => {
    const refused = await posted('{"items":[{"n":1},{"n":2,"a/b":1e309}]}');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('"items[1].a/b" must be a number');
    expect((await posted('{"items":[{"n":-1e309}]}')).status).toBe(422);
    const passed = await posted('{"items":[{"n":1e308,"a/b":-2}]}');
    expect(passed.status).toBe(200);
  });

  it('are refused in a query, where coercion made them (AJV lets Infinity pass its bounds)', async () => {
    const app = createBaseApp({ host: '127.0.0.1', port: () => 80, blockHeight: () => 1 });
    app.get(
      '/api/things',
      { schema: { querystring: { type: 'object', properties: { 'a/b': { type: 'number', minimum: 0 } } } } },
      (request) => ({ data: request.query }),
    );
    try {
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:80' } });
      const refused = await get('/api/things?a%2Fb=1e309');
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ message: string }>().message).toBe('"a/b" cannot be infinity');
      expect((await get('/api/things?a%2Fb=1e308')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
