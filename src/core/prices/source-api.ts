/**
 * What a price source is to the client (price-client.ts): where to ask for a token's price and its daily history,
 * and how to read each answer — the source's documented shape, checked with zod, or a PricesError. A price must be
 * a finite positive number; anything else is the source's bad answer, never a price.
 */
import type { PriceSource } from '../../shared/domain/prices';
import type { JsonAnswer } from './bounded-fetch';

/** The token as each source names it: only ARK mainnet's token has a price. */
export interface PricedToken {
  symbol: string;
  coingeckoId: string;
}

export const ARK_TOKEN: PricedToken = { symbol: 'ARK', coingeckoId: 'ark' };

export interface SpotPrice {
  price: number;
  /** Unix ms the source says the price is of (or when it answered). */
  at: number;
}

/** A day's close: `day` is the day's start (UTC midnight, Unix ms). */
export interface DailyClose {
  day: number;
  close: number;
}

export const DAY_MS = 86_400_000;

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export interface SourceApi {
  id: PriceSource;
  /** The public API's base URL (tests point a client at 127.0.0.1 instead). */
  defaultBaseUrl: string;
  spotUrl(base: string, token: PricedToken, currency: string): string;
  readSpot(answer: JsonAnswer, currency: string, answeredAt: number): SpotPrice;
  /** The last `days` days up to today, today's close being the latest price. */
  dailyUrl(base: string, token: PricedToken, currency: string, days: number, nowMs: number): string;
  readDaily(answer: JsonAnswer): DailyClose[];
}

export function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
