/** `inject` helpers: requests with the Host header a loopback server accepts, JSON answers. */
import type { FastifyInstance } from 'fastify';
import { PUBLIC_HOST } from './api-chain';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The parsed JSON body (walk it with `at` / `items`). */
  body: unknown;
  text: string;
}

/** The value at a path of a JSON answer (undefined when a step is missing). */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** The array at a path; throws when it is not one (a failed assertion, with the path). */
export function items(value: unknown, ...path: (string | number)[]): unknown[] {
  const found = at(value, ...path);
  if (!Array.isArray(found)) throw new Error(`no array at ${path.join('.')}: ${JSON.stringify(found)}`);
  return found as unknown[];
}

export async function request(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD',
  url: string,
  options: {
    body?: unknown;
    payload?: string;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    headers: { host: PUBLIC_HOST, ...(options.headers ?? {}) },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.payload !== undefined
      ? { payload: options.payload }
      : options.body !== undefined
        ? { payload: options.body as object }
        : {}),
  });
  let body: unknown;
  try {
    body = response.body === '' ? undefined : (JSON.parse(response.body) as unknown);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, headers: response.headers, body, text: response.body };
}

export const get = (app: FastifyInstance, url: string, headers?: Record<string, string>) =>
  request(app, 'GET', url, headers ? { headers } : {});

export const post = (app: FastifyInstance, url: string, body: unknown) => request(app, 'POST', url, { body });

/**
 * GET helpers for the public API's `/api…` URLs of a test chain's server (`app` is read on each call: the chain
 * starts in beforeAll).
 */
export function publicApi(app: () => FastifyInstance) {
  const api = (url: string) => get(app(), `/api${url}`);
  return {
    api,
    /** The `data` array of a 200 answer; any other answer fails the test with its text. */
    data: async (url: string): Promise<unknown[]> => {
      const answer = await api(url);
      if (answer.status !== 200) throw new Error(`${url}: ${answer.text}`);
      return items(answer.body, 'data');
    },
    /** The status and message of an error answer. */
    error: async (url: string) => {
      const answer = await api(url);
      return { status: answer.status, message: at(answer.body, 'message') };
    },
  };
}
