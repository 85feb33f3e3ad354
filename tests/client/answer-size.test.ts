/**
 * A peer cannot fill the process's memory with one answer: the body is read at most MAX_ANSWER_BYTES far (a
 * declared length past it is refused before reading), and the request fails as the peer's bad response.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_ANSWER_BYTES, requestJson, type FetchLike } from '../../src/core/client';
import { failure } from './support/failure';

const schema = z.object({ data: z.unknown() });
const request = { method: 'GET' as const, route: '/node/status', schema, timeoutMs: 10_000 };

/** A body that never ends: 64 KiB chunks for as long as it is read; counts what was pulled. */
function endless(): { fetch: FetchLike; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0;
  let cancelled = false;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const fetch: FetchLike = () =>
    Promise.resolve(
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled += chunk.byteLength;
            controller.enqueue(chunk);
          },
          cancel() {
            cancelled = true;
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
    );
  return { fetch, pulled: () => pulled, cancelled: () => cancelled };
}

describe('the size of an answer', () => {
  it('stops reading an endless body past the limit and blames the peer', async () => {
    const peer = endless();
    const error = await failure(
      requestJson('http://127.0.0.1:9', { ...request, maxBytes: 1024 * 1024 }, peer.fetch),
    );
    expect(error.code).toBe('ERR_BAD_RESPONSE');
    expect(error.message).toBe('http://127.0.0.1:9/api/node/status answered more than 1048576 bytes');
    expect(peer.cancelled()).toBe(true);
    expect(peer.pulled()).toBeLessThanOrEqual(1024 * 1024 + 4 * 64 * 1024);
  });

  it('has a default limit of 16 MiB', async () => {
    expect(MAX_ANSWER_BYTES).toBe(16 * 1024 * 1024);
    const peer = endless();
    const error = await failure(requestJson('http://127.0.0.1:9', request, peer.fetch));
    expect(error.message).toContain(`answered more than ${MAX_ANSWER_BYTES} bytes`);
    expect(peer.pulled()).toBeLessThanOrEqual(MAX_ANSWER_BYTES + 4 * 64 * 1024);
  });

  it('refuses a declared length past the limit before reading the body', async () => {
    const fetch: FetchLike = () =>
      Promise.resolve(
        new Response('{"data":1}', {
          status: 200,
          headers: { 'content-length': String(MAX_ANSWER_BYTES + 1) },
        }),
      );
    const error = await failure(requestJson('http://127.0.0.1:9', request, fetch));
    expect(error.code).toBe('ERR_BAD_RESPONSE');
  });

  it('reads an answer within the limit as before, multi-byte characters included', async () => {
    const text = JSON.stringify({ data: { name: 'Ѵ votary ✓'.repeat(1000) } });
    const fetch: FetchLike = () => Promise.resolve(new Response(text, { status: 200 }));
    const answer = await requestJson('http://127.0.0.1:9', request, fetch);
    expect(answer.value).toEqual(JSON.parse(text));
  });
});
