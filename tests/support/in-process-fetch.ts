/**
 * A FetchLike that answers from a fastify instance in this process (`inject`: routing, validation, hooks and the
 * handlers of the real server, the Host guard included, without a socket): tests read a node's public API through
 * a NodeClient without listening on a port.
 */
import type { FastifyInstance } from 'fastify';
import type { FetchLike } from '../../src/core/client';

/** Statuses whose answer has no body (the Fetch standard's "null body status"). */
const NULL_BODY = new Set([101, 204, 205, 304]);

function headersOf(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}

function headerRecord(init: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries(new Headers(init).entries());
}

export function inProcessFetch(app: Pick<FastifyInstance, 'inject'>): FetchLike {
  return async (input, init) => {
    init.signal?.throwIfAborted();
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: input,
      headers: headerRecord(init.headers),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    init.signal?.throwIfAborted();
    return new Response(NULL_BODY.has(answer.statusCode) ? null : answer.body, {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: headersOf(answer.headers),
    });
  };
}
