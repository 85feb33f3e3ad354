/**
 * A request may bound how deeply its answer nests (client/http.ts `maxDepth`, shared/lib/json-depth.ts): for a
 * schema that keeps values it does not look into, which later code walks recursively. An answer nested deeper is
 * the peer's bad response, refused before it is parsed; without the bound any depth is read as before.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestJson, type FetchLike } from '../../src/core/client';
import { failure } from './support/failure';

const schema = z.object({ data: z.unknown() });
const request = { method: 'GET' as const, route: '/node/configuration/crypto', schema, timeoutMs: 10_000 };

function answering(text: string): FetchLike {
  return () => Promise.resolve(new Response(text, { status: 200 }));
}

/** `{"data":[[…]]}`: the answer's object and `levels` arrays inside it. */
function nested(levels: number): string {
  return `{"data":${'['.repeat(levels)}${']'.repeat(levels)}}`;
}

describe('the depth of an answer', () => {
  it('refuses an answer nested deeper than maxDepth and blames the peer', async () => {
    const error = await failure(
      requestJson('http://127.0.0.1:9', { ...request, maxDepth: 4 }, answering(nested(4))),
    );
    expect(error.code).toBe('ERR_BAD_RESPONSE');
    expect(error.isPeerFailure).toBe(true);
    expect(error.message).toBe(
      'http://127.0.0.1:9/api/node/configuration/crypto answered JSON nested deeper than 4 levels',
    );
  });

  it('reads an answer as deep as maxDepth, brackets inside strings not counted', async () => {
    const text = `{"data":[[["${'['.repeat(10)}"]]]}`;
    const answer = await requestJson('http://127.0.0.1:9', { ...request, maxDepth: 4 }, answering(text));
    expect(answer.value).toEqual(JSON.parse(text));
  });

  it('reads any depth when the request sets no bound', async () => {
    const answer = await requestJson('http://127.0.0.1:9', request, answering(nested(1000)));
    expect(answer.status).toBe(200);
  });
});
