/**
 * CryptoCompare's public price API (min-api.cryptocompare.com), as ARK's platform-sdk markets driver reads it:
 * `GET /data/price?fsym=ARK&tsyms=USD` answers `{"USD": 0.31}`; `GET /data/v2/histoday?fsym=ARK&tsym=USD&limit=N`
 * answers `{"Response": "Success", "Data": {"Data": [{"time": <Unix s at 00:00 GMT>, "close": …, …}]}}`, limit + 1
 * rows, the last one today (its close is the latest price). A refusal is HTTP 200 with
 * `{"Response": "Error", "Message": "…", "Type": …}`; over the rate limit `Type` is 99 ("You are over your rate
 * limit please upgrade your account!"), or the answer is HTTP 429.
 */
import { z } from 'zod';
import type { JsonAnswer } from './bounded-fetch';
import { badAnswer, checkStatus, rateLimited, sourceWords } from './answer-status';
import { PricesError } from './errors';
import { DAY_MS, isPrice, type DailyClose, type SourceApi } from './source-api';

const NAME = 'CryptoCompare';

const errorBody = z.object({
  Response: z.literal('Error'),
  Message: z.unknown().optional(),
  Type: z.unknown().optional(),
});

const histoday = z.object({
  Response: z.literal('Success'),
  Data: z.object({
    Data: z.array(z.object({ time: z.number().int(), close: z.number() })).max(2_001),
  }),
});

function words(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'Message' in body ? body.Message : undefined;
}

/** CryptoCompare refuses with HTTP 200 and `Response: "Error"`: its rate limit (Type 99) or anything else. */
function checkAnswer(answer: JsonAnswer): void {
  checkStatus(answer, NAME, words);
  const refused = errorBody.safeParse(answer.body);
  if (!refused.success) return;
  const message = typeof refused.data.Message === 'string' ? refused.data.Message : '';
  if (refused.data.Type === 99 || /rate limit/i.test(message)) throw rateLimited(NAME, answer.retryAfterMs);
  throw new PricesError('ERR_PRICE_REFUSED', sourceWords(NAME, message));
}

export const cryptoCompare: SourceApi = {
  id: 'cryptocompare',
  defaultBaseUrl: 'https://min-api.cryptocompare.com',
  spotUrl: (base, token, currency) =>
    `${base}/data/price?${new URLSearchParams({ fsym: token.symbol, tsyms: currency.toUpperCase() }).toString()}`,
  readSpot: (answer, currency, answeredAt) => {
    checkAnswer(answer);
    const body = answer.body;
    const price =
      typeof body === 'object' && body !== null
        ? (body as Record<string, unknown>)[currency.toUpperCase()]
        : undefined;
    if (!isPrice(price)) throw badAnswer(NAME, `no positive ${currency.toUpperCase()} price`);
    return { price, at: answeredAt };
  },
  dailyUrl: (base, token, currency, days, nowMs) =>
    `${base}/data/v2/histoday?${new URLSearchParams({
      fsym: token.symbol,
      tsym: currency.toUpperCase(),
      limit: String(Math.max(1, days - 1)),
      toTs: String(Math.floor(nowMs / 1000)),
    }).toString()}`,
  readDaily: (answer): DailyClose[] => {
    checkAnswer(answer);
    const parsed = histoday.safeParse(answer.body);
    if (!parsed.success) throw badAnswer(NAME, 'no daily rows');
    const rows: DailyClose[] = [];
    for (const row of parsed.data.Data.Data) {
      const day = row.time * 1000;
      if (day % DAY_MS !== 0) throw badAnswer(NAME, 'a daily row not at 00:00 GMT');
      // Before the token traded in this currency CryptoCompare answers rows of zeros: no price that day.
      if (isPrice(row.close)) rows.push({ day, close: row.close });
    }
    return rows;
  },
};
