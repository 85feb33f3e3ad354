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
