/**
 * A fake ARK Core public API that rate-limits as core-api 3.9.1 does (`plugins/rate-limit.ts`, rate-limiter-flexible's
 * RateLimiterMemory): `limit` requests per client in a fixed window that starts with the client's first request
 * after the last one ended; every answer says `x-ratelimit-limit`, `x-ratelimit-remaining` and `x-ratelimit-reset`,
 * and a request past the limit gets 429 with `Retry-After` (seconds to the window's end, fractional). A `fetch` on
 * the fake clock (vi.useFakeTimers), so the tests are exact; every request it received is recorded.
 */
import type { FetchLike } from '../../../src/core/client';

export interface LimitedAsk {
  at: number;
  path: string;
  status: number;
}

export interface ArkLimiter {
  fetch: FetchLike;
  asked: LimitedAsk[];
  /** How many answers were 429. */
  refused(): number;
}

export function arkLimiter(limit = 100, windowMs = 60_000, height = 1_000): ArkLimiter {
  const asked: LimitedAsk[] = [];
  let windowEnd = Number.NEGATIVE_INFINITY;
  let used = 0;
  const fetch: FetchLike = (input) => {
    const now = Date.now();
    if (now >= windowEnd) {
      windowEnd = now + windowMs;
      used = 0;
    }
    used++;
    const path = new URL(input).pathname;
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-reset': new Date(windowEnd).toUTCString(),
      'x-block-height': String(height),
    };
    if (used > limit) {
      asked.push({ at: now, path, status: 429 });
      const body = { statusCode: 429, error: 'Too Many Requests', message: 'Too Many Requests' };
      return Promise.resolve(
        Response.json(body, {
          status: 429,
          headers: { ...headers, 'retry-after': String(Math.max(0, (windowEnd - now) / 1000)) },
        }),
      );
    }
    asked.push({ at: now, path, status: 200 });
    const data = { syncing: false, blocks: 0, height, id: '1'.repeat(20) };
    return Promise.resolve(Response.json({ data }, { headers }));
  };
  return { fetch, asked, refused: () => asked.filter((ask) => ask.status === 429).length };
}

/** The most requests any window of `windowMs` (half-open, starting anywhere) holds. */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
