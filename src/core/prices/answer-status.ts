/**
 * The answers every source shares: HTTP 429 (too many requests, with Retry-After when the server sends one), a 5xx
 * (the source is down: like being offline) and another 4xx (a refusal in the source's own words). A source's words
 * reach the screens only cleaned and bounded (shared/lib/peer-text.ts): a hostile server cannot write the app's text.
 */
import { peerText } from '../../shared/lib/peer-text';
import type { JsonAnswer } from './bounded-fetch';
import { PricesError } from './errors';

/** The most of a source's own message a refusal repeats. */
const SOURCE_WORDS_MAX = 160;

export function sourceWords(name: string, words: unknown): string {
  const text = typeof words === 'string' ? peerText(words, SOURCE_WORDS_MAX).trim() : '';
  return text === '' ? `${name} refused the request.` : `${name} said: ${text}`;
}

export function rateLimited(name: string, retryAfterMs?: number): PricesError {
  return new PricesError(
    'ERR_PRICE_RATE_LIMITED',
    `${name} asks for fewer requests; prices are asked again later.`,
    retryAfterMs === undefined ? {} : { retryAfterMs },
  );
}

/** Throws for an answer that is not a success; `words` finds the source's message in its error body. */
export function checkStatus(answer: JsonAnswer, name: string, words: (body: unknown) => unknown): void {
  if (answer.status === 429) throw rateLimited(name, answer.retryAfterMs);
  if (answer.status >= 500) {
    throw new PricesError('ERR_PRICE_UNREACHABLE', `${name} is not answering (HTTP ${answer.status}).`);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new PricesError('ERR_PRICE_REFUSED', sourceWords(name, words(answer.body)), {
      status: answer.status,
    });
  }
  if (answer.body === undefined) {
    throw new PricesError('ERR_PRICE_BAD_ANSWER', `${name} answered something that is not JSON.`);
  }
}

export function badAnswer(name: string, what: string): PricesError {
  return new PricesError('ERR_PRICE_BAD_ANSWER', `${name}'s answer is not what its API documents: ${what}.`);
}
