/**
 * One HTTP exchange with one peer: global fetch (Node 20) with an AbortController timeout that covers the whole
 * exchange (headers and body), mapped onto ClientError codes. The body is parsed by the caller's schema here, so a
 * malformed answer counts against the peer that sent it (ERR_BAD_RESPONSE) like a failed connection does.
 */
import type { z } from 'zod';
import { jsonTooDeep } from '../../shared/lib/json-depth';
import { AnswerTooLarge, readCappedText } from './answer-body';
import { ClientError } from './errors';
import { apiUrl } from './urls';

/** Query values; arrays are comma-joined (ARK's comma-OR, ark-core-api.md §2.1), nested keys use dots. */
export type QueryValue =
  string | number | boolean | bigint | readonly (string | number | bigint)[] | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

export interface HttpRequest<T> {
  method: 'GET' | 'POST';
  /** Route under `/api`, starting with `/` (for example `/node/status`). */
  route: string;
  query?: Query;
  body?: unknown;
  schema: z.ZodType<T>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The most the answer's body may hold (default MAX_ANSWER_BYTES). */
  maxBytes?: number;
  /**
   * The deepest the answer's JSON may nest (json-depth.ts), for a schema that keeps values it does not look into
   * (`z.unknown()`) which later code walks recursively; such an answer is the peer's ERR_BAD_RESPONSE. Unset: any
   * depth, as schemas that check every level need no scan of their own.
   */
  maxDepth?: number;
}

/**
 * The most one answer may hold. ARK's largest answers are a page of 100 raw transactions (multipayments of 256
 * payments included, about 2 MB) and a network's crypto configuration with its genesis block; a peer that sends more
 * is cut off there instead of filling this process's memory until it dies.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export interface HttpAnswer<T> {
  value: T;
  status: number;
  /** Milliseconds from sending to the end of the body. */
  latencyMs: number;
  /** `X-Block-Height` of the answer (ark-core-api.md §5.1), when the peer sends it. */
  height: number | undefined;
  /** The peer's own request limit per window (`x-ratelimit-limit`, as ARK's core-api sends it), when it says. */
  rateLimit: number | undefined;
  /** What is left of the peer's current window (`x-ratelimit-remaining` / `-reset`), when it says. */
  rateWindow: RateWindow | undefined;
}

export interface RateWindow {
  /** Requests the peer still allows in its window. */
  remaining: number;
  /** Milliseconds until the window ends, by the peer's clock (undefined: it did not say). */
  endsInMs: number | undefined;
}

/**
 * ARK Core's core-api sends `x-ratelimit-reset` as an HTTP date (core-api `plugins/rate-limit.ts`), which drops the
 * milliseconds: the window ends within the second after it. It is read against the answer's own `Date` (same
 * resolution) rather than this machine's clock, which may differ from the peer's by any amount.
 */
export function rateWindowOf(headers: Headers): RateWindow | undefined {
  const remaining = Number(headers.get('x-ratelimit-remaining') ?? Number.NaN);
  if (!Number.isSafeInteger(remaining) || remaining < 0) return undefined;
  const reset = Date.parse(headers.get('x-ratelimit-reset') ?? '');
  const date = Date.parse(headers.get('date') ?? '');
  const endsInMs = Number.isNaN(reset) || Number.isNaN(date) ? undefined : Math.max(0, reset + 1_000 - date);
  return { remaining, endsInMs };
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export function queryParams(query: Query | undefined): URLSearchParams | undefined {
  if (query === undefined) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // URLSearchParams encodes `+` as %2B, which votes (`+<publicKey>`) need (ark-core-api.md §2.1).
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

/** Retry-After is either seconds (ARK sends fractional ones, §5.1) or an HTTP date. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - nowMs) / 1000);
}

function serverMessage(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = body.message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return fallback;
}

function transportError(
  error: unknown,
  peer: string,
  url: string,
  timedOut: boolean,
  timeoutMs: number,
): ClientError {
  if (timedOut)
    return new ClientError('ERR_TIMEOUT', `${url} did not answer within ${timeoutMs} ms`, { url: peer });
  if (error instanceof Error && error.name === 'AbortError') {
    return new ClientError('ERR_ABORTED', `the request to ${url} was cancelled`, { url: peer, cause: error });
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  const reason = code ?? (error instanceof Error ? error.message : String(error));
  return new ClientError('ERR_NETWORK', `cannot reach ${url} (${reason})`, { url: peer, cause: error });
}

interface Body {
  text: string;
  json: unknown;
  /** Nested deeper than the request's `maxDepth`: not parsed. */
  tooDeep?: boolean;
}

async function readBody(response: Response, maxBytes: number, maxDepth: number | undefined): Promise<Body> {
  const text = await readCappedText(response, maxBytes);
  if (maxDepth !== undefined && jsonTooDeep(text, maxDepth)) return { text, json: undefined, tooDeep: true };
  try {
    return { text, json: JSON.parse(text) as unknown };
  } catch {
    return { text, json: undefined };
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`)
    .join('; ');
}

export async function requestJson<T>(
  peer: string,
  request: HttpRequest<T>,
  fetchImpl: FetchLike = fetch,
): Promise<HttpAnswer<T>> {
  const url = apiUrl(peer, request.route, queryParams(request.query));
  const maxBytes = request.maxBytes ?? MAX_ANSWER_BYTES;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  if (request.signal?.aborted === true) controller.abort();
  const started = performance.now();
  try {
    let response: Response;
    let body: Body;
    try {
      response = await fetchImpl(url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          // A new connection for every request: ARK Core's API destroys the socket after each answer while still
          // sending `Connection: keep-alive` (seen on ARK Core 3.9.1, docs/interop.md), so the next request on a
          // kept-alive socket fails with ECONNRESET or UND_ERR_SOCKET without reaching it. Every ARK peer is an
          // ARK Core, so reuse gains nothing there; on loopback a new connection costs nothing.
          connection: 'close',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: controller.signal,
        // A redirect is the peer's failure, never followed: a peer must not send this client to another origin
        // (which would then be trusted with the peer's name, its answers counted as the peer's).
        redirect: 'manual',
      });
      body = await readBody(response, maxBytes, request.maxDepth);
    } catch (error) {
      if (error instanceof AnswerTooLarge) {
        throw new ClientError('ERR_BAD_RESPONSE', `${url} answered more than ${maxBytes} bytes`, {
          url: peer,
        });
      }
      throw transportError(error, peer, url, timedOut, request.timeoutMs);
    }
    const latencyMs = performance.now() - started;
    const heightHeader = Number(response.headers.get('x-block-height') ?? Number.NaN);
    const height = Number.isSafeInteger(heightHeader) && heightHeader >= 0 ? heightHeader : undefined;
    const limitHeader = Number(response.headers.get('x-ratelimit-limit') ?? Number.NaN);
    const rateLimit = Number.isSafeInteger(limitHeader) && limitHeader > 0 ? limitHeader : undefined;
    const status = response.status;
    if (status >= 300 && status < 400) {
      throw new ClientError(
        'ERR_BAD_RESPONSE',
        `${peer} answered with a redirect (${status}), which is not followed`,
        {
          url: peer,
          status,
        },
      );
    }
    if (status === 429) {
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      throw new ClientError(
        'ERR_RATE_LIMITED',
        `${peer} is rate limiting requests${retryAfter === undefined ? '' : `; retry in ${Math.ceil(retryAfter)} s`}`,
        { url: peer, status, ...(retryAfter === undefined ? {} : { retryAfter }) },
      );
    }
    if (status >= 500) {
      const message = serverMessage(body.json, response.statusText || 'server error');
      throw new ClientError('ERR_HTTP_5XX', `${url} failed with ${status}: ${message}`, {
        url: peer,
        status,
      });
    }
    if (status >= 400) {
      // The server's own words (Boom's `message`, ark-core-api.md §4), e.g. `Wallet not found` or a 422 reason.
      throw new ClientError('ERR_HTTP_4XX', serverMessage(body.json, `${status} ${response.statusText}`), {
        url: peer,
        status,
      });
    }
    if (body.tooDeep === true) {
      throw new ClientError(
        'ERR_BAD_RESPONSE',
        `${url} answered JSON nested deeper than ${request.maxDepth} levels`,
        { url: peer, status },
      );
    }
    if (body.json === undefined) {
      throw new ClientError('ERR_BAD_RESPONSE', `${url} did not answer with JSON`, { url: peer, status });
    }
    const parsed = request.schema.safeParse(body.json);
    if (!parsed.success) {
      throw new ClientError(
        'ERR_BAD_RESPONSE',
        `${url} answered in an unexpected shape (${describeIssues(parsed.error)})`,
        { url: peer, status, cause: parsed.error },
      );
    }
    return {
      value: parsed.data,
      status,
      latencyMs,
      height,
      rateLimit,
      rateWindow: rateWindowOf(response.headers),
    };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}
