/**
 * CoinGecko's public API (api.coingecko.com/api/v3), as ARK's platform-sdk markets driver reads it:
 * `GET /simple/price?ids=ark&vs_currencies=usd&include_last_updated_at=true` answers
 * `{"ark": {"usd": 0.31, "last_updated_at": <Unix s>}}`; `GET /coins/ark/market_chart?vs_currency=usd&days=N&interval=daily`
 * answers `{"prices": [[<Unix ms>, price], …], "market_caps": …, "total_volumes": …}`, one point at each 00:00 UTC
 * (the day before's close) and the last one now. Errors (docs.coingecko.com "Errors & Rate Limits"): HTTP 429 with
 * `{"status": {"error_code": 429, "error_message": "You've exceeded the Rate Limit…"}}`, other 4xx with
 * `{"error": "…"}` or the same `status` object.
 */
import { z } from 'zod';
import type { JsonAnswer } from './bounded-fetch';
import { badAnswer, checkStatus, rateLimited } from './answer-status';
import { dayOf, isPrice, type DailyClose, type SourceApi } from './source-api';

const NAME = 'CoinGecko';

/** CoinGecko's `status` error object, its fields renamed for the code that reads them. */
const statusBody = z
  .object({ status: z.object({ error_code: z.unknown().optional(), error_message: z.unknown().optional() }) })
  .transform(({ status: { error_code: code, error_message: message } }) => ({ code, message }));

const chart = z.object({
  prices: z.array(z.tuple([z.number(), z.number().nullable()])).max(4_000),
});

function words(body: unknown): unknown {
  const status = statusBody.safeParse(body);
  if (status.success) return status.data.message;
  return typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
}

function checkAnswer(answer: JsonAnswer): void {
  checkStatus(answer, NAME, words);
  // The error object can come with any status the CDN passes on; a 429 in it is the rate limit all the same.
  const status = statusBody.safeParse(answer.body);
  if (status.success && status.data.code === 429) throw rateLimited(NAME, answer.retryAfterMs);
}

export const coinGecko: SourceApi = {
  id: 'coingecko',
  defaultBaseUrl: 'https://api.coingecko.com',
  spotUrl: (base, token, currency) =>
    `${base}/api/v3/simple/price?${new URLSearchParams({
      ids: token.coingeckoId,
      vs_currencies: currency.toLowerCase(),
      include_last_updated_at: 'true',
    }).toString()}`,
  readSpot: (answer: JsonAnswer, currency, answeredAt) => {
    checkAnswer(answer);
    const body = answer.body as Record<string, unknown>;
    const entry = typeof body === 'object' && body !== null ? Object.values(body)[0] : undefined;
    const fields = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const price = fields[currency.toLowerCase()];
    if (!isPrice(price)) throw badAnswer(NAME, `no positive ${currency.toLowerCase()} price`);
    const updated = fields['last_updated_at'];
    // The time CoinGecko gives, unless it is missing or claims the future.
    const at =
      typeof updated === 'number' && Number.isInteger(updated) && updated > 0 && updated * 1000 <= answeredAt
        ? updated * 1000
        : answeredAt;
    return { price, at };
  },
  dailyUrl: (base, token, currency, days) =>
    `${base}/api/v3/coins/${encodeURIComponent(token.coingeckoId)}/market_chart?${new URLSearchParams({
      vs_currency: currency.toLowerCase(),
      days: String(days),
      interval: 'daily',
    }).toString()}`,
  readDaily: (answer): DailyClose[] => {
    checkAnswer(answer);
    const parsed = chart.safeParse(answer.body);
    if (!parsed.success) throw badAnswer(NAME, 'no price points');
    const byDay = new Map<number, number>();
    for (const [at, price] of parsed.data.prices) {
      if (!Number.isInteger(at) || at <= 0) throw badAnswer(NAME, 'a price point without a time');
      // A point at 00:00 UTC is the close of the day before it; the last point (now) is today's latest.
      if (isPrice(price)) byDay.set(dayOf(at - 1), price);
    }
    return [...byDay].map(([day, close]) => ({ day, close })).sort((a, b) => a.day - b.day);
  },
};
