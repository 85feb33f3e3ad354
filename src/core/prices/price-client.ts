/**
 * One price source's client: a token's spot price and its daily closes, each one bounded GET (bounded-fetch.ts)
 * read by the source's documented shape (cryptocompare.ts, coingecko.ts). After a rate-limit answer it sends
 * nothing to that source until the wait is over — the Retry-After the source gave (at most an hour), else a minute
 * doubling with each refusal in a row up to an hour — and answers ERR_PRICE_RATE_LIMITED meanwhile without asking.
 */
import { getJson, type FetchLike } from './bounded-fetch';
import { PricesError } from './errors';
import { dayOf, type DailyClose, type PricedToken, type SourceApi, type SpotPrice } from './source-api';

export const PRICE_TIMEOUT_MS = 10_000;
/** A year of daily rows is about 40 kB from either source; anything past 1 MB is not a price answer. */
export const PRICE_MAX_BYTES = 1_000_000;
export const BACKOFF_FIRST_MS = 60_000;
export const BACKOFF_MAX_MS = 3_600_000;

export interface PriceClientOptions {
  /** The source's base URL instead of its public one (loopback only: see loopbackBaseUrl). */
  baseUrl?: string;
  fetch?: FetchLike;
  now?: () => number;
  timeoutMs?: number;
  maxBytes?: number;
}

export class PriceClient {
  private blockedUntil = 0;
  private refusalsInRow = 0;
  private readonly now: () => number;

  constructor(
    readonly source: SourceApi,
    private readonly options: PriceClientOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  private get base(): string {
    return (this.options.baseUrl ?? this.source.defaultBaseUrl).replace(/\/+$/, '');
  }

  /** Until when the source is left alone after a rate limit (Unix ms; 0 when it is not). */
  get backingOffUntil(): number {
    return this.blockedUntil > this.now() ? this.blockedUntil : 0;
  }

  async spot(token: PricedToken, currency: string): Promise<SpotPrice> {
    const url = this.source.spotUrl(this.base, token, currency);
    return this.ask(url, (answer, at) => this.source.readSpot(answer, currency, at));
  }

  /** The closes of the last `days` days (today's is the latest price), oldest first, none from the future. */
  async daily(token: PricedToken, currency: string, days: number): Promise<DailyClose[]> {
    const now = this.now();
    const url = this.source.dailyUrl(this.base, token, currency, days, now);
    const rows = await this.ask(url, (answer) => this.source.readDaily(answer));
    const today = dayOf(now);
    return rows.filter((row) => row.day <= today && row.day > today - days * 86_400_000);
  }

  private async ask<T>(
    url: string,
    read: (answer: Awaited<ReturnType<typeof getJson>>, at: number) => T,
  ): Promise<T> {
    const waitMs = this.blockedUntil - this.now();
    if (waitMs > 0) {
      throw new PricesError(
        'ERR_PRICE_RATE_LIMITED',
        `${this.source.id === 'coingecko' ? 'CoinGecko' : 'CryptoCompare'} asked for fewer requests; prices are asked again in ${Math.ceil(waitMs / 60_000)} min.`,
        { retryAfterMs: waitMs },
      );
    }
    try {
      const answer = await getJson(url, {
        timeoutMs: this.options.timeoutMs ?? PRICE_TIMEOUT_MS,
        maxBytes: this.options.maxBytes ?? PRICE_MAX_BYTES,
        now: this.now,
        ...(this.options.fetch === undefined ? {} : { fetch: this.options.fetch }),
      });
      const value = read(answer, this.now());
      this.refusalsInRow = 0;
      return value;
    } catch (error) {
      if (error instanceof PricesError && error.code === 'ERR_PRICE_RATE_LIMITED') this.backOff(error);
      throw error;
    }
  }

  private backOff(error: PricesError): void {
    this.refusalsInRow += 1;
    const asked = error.details?.['retryAfterMs'];
    const doubling = BACKOFF_FIRST_MS * 2 ** Math.min(this.refusalsInRow - 1, 10);
    const wait = typeof asked === 'number' && asked > 0 ? asked : doubling;
    this.blockedUntil = this.now() + Math.min(Math.max(wait, 1_000), BACKOFF_MAX_MS);
  }
}

/**
 * A base URL for the price sources other than their public ones: for tests and screenshots against a server on
 * this machine only (127.0.0.1, ::1 or localhost over http), so no setting can send the token elsewhere.
 */
export function loopbackBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`not a URL: "${text.slice(0, 100)}"`);
  }
  const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
  if (url.protocol !== 'http:' || !loopback || url.username !== '' || url.password !== '') {
    throw new Error(
      'the price source URL override must be http://127.0.0.1, http://[::1] or http://localhost',
    );
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}
