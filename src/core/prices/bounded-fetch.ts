/**
 * One GET to a price source, bounded: a timeout over the whole exchange (the body too), no redirect followed (the
 * request goes to the source chosen and nowhere else), the body read at most `maxBytes` far (client/answer-body.ts)
 * and parsed as JSON. Whatever the server does, the caller gets its status and JSON or a PricesError.
 */
import { AnswerTooLarge, parseRetryAfter, readCappedText } from '../client';
import { PricesError } from './errors';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface FetchBounds {
  timeoutMs: number;
  maxBytes: number;
  fetch?: FetchLike;
  now?: () => number;
}

export interface JsonAnswer {
  status: number;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: unknown;
  /** From Retry-After, when the server sent one. */
  retryAfterMs?: number;
}

export async function getJson(url: string, bounds: FetchBounds): Promise<JsonAnswer> {
  const doFetch = bounds.fetch ?? fetch;
  const signal = AbortSignal.timeout(bounds.timeoutMs);
  let text: string;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'GET',
      redirect: 'error',
      signal,
      headers: { accept: 'application/json' },
    });
    text = await readCappedText(response, bounds.maxBytes);
  } catch (error) {
    if (error instanceof AnswerTooLarge) {
      throw new PricesError(
        'ERR_PRICE_BAD_ANSWER',
        `The price source's answer is longer than ${bounds.maxBytes} bytes.`,
      );
    }
    const timedOut = signal.aborted;
    throw new PricesError(
      'ERR_PRICE_UNREACHABLE',
      timedOut
        ? `The price source did not answer within ${Math.round(bounds.timeoutMs / 1000)} s.`
        : 'The price source could not be reached (offline?).',
    );
  }
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const seconds = parseRetryAfter(response.headers.get('retry-after'), (bounds.now ?? Date.now)());
  return {
    status: response.status,
    body,
    ...(seconds === undefined ? {} : { retryAfterMs: seconds * 1000 }),
  };
}
