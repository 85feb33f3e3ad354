/**
 * A peer's request budget (client/rate-budget.ts) on a fake clock: however many requests are waiting, no window of
 * the limit's length holds more than the limit — wherever the window starts — a 429's Retry-After is honoured, and
 * a limit the peer announces (x-ratelimit-limit) is kept from then on. A pause or a lower limit that lands while a
 * request waits fails that request at once (ERR_RATE_LIMITED) instead of holding its caller for minutes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PeerPool, type FetchLike } from '../../src/core/client';
import { RateBudget } from '../../src/core/client/rate-budget';
import { busiestWindow } from './support/ark-limiter';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

const ASK = { method: 'GET', route: '/blockchain', schema: z.object({ data: z.object({}) }) } as const;

function recordingFetch(
  sent: number[],
  answer: () => Response = () => Response.json({ data: {} }),
): FetchLike {
  return () => {
    sent.push(Date.now());
    return Promise.resolve(answer());
  };
}

/** What became of `promise` so far: 'pending', 'granted' (it resolved) or the error it rejected with. */
function settled(promise: Promise<unknown>): () => unknown {
  let outcome: unknown = 'pending';
  promise.then(
    () => (outcome = 'granted'),
    (error: unknown) => (outcome = error),
  );
  return () => outcome;
}

describe('a request budget', () => {
  it('spaces requests so that no minute holds more than 100, however many wait', async () => {
    const sent: number[] = [];
    const pool = new PeerPool(['http://peer.test'], {
      fetch: recordingFetch(sent),
      rateLimit: { limit: 100, windowMs: 60_000 },
      now: () => Date.now(),
    });
    const [peer] = pool.candidates();
    const requests = Array.from({ length: 350 }, () => pool.attempt(peer!, ASK));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await Promise.all(requests);
    expect(sent).toHaveLength(350);
    expect(busiestWindow(sent, 60_000)).toBeLessThanOrEqual(100);
    expect(busiestWindow(sent, 60_000)).toBeGreaterThanOrEqual(95);
    // …and the budget is used: 350 requests in about 3.5 minutes (a 5 % margin for arrival jitter), not more.
    expect(sent.at(-1)! - sent[0]!).toBeLessThanOrEqual(350 * 630);
  });

  it('sends nothing to a peer during a 429’s Retry-After: a request asked meanwhile fails at once', async () => {
    const sent: number[] = [];
    let first = true;
    const pool = new PeerPool(['http://peer.test'], {
      fetch: recordingFetch(sent, () => {
        if (!first) return Response.json({ data: {} });
        first = false;
        return new Response('{}', { status: 429, headers: { 'retry-after': '30' } });
      }),
      rateLimit: { limit: 100, windowMs: 60_000 },
      now: () => Date.now(),
    });
    const [peer] = pool.candidates();
    await expect(pool.attempt(peer!, ASK)).rejects.toMatchObject({
      code: 'ERR_RATE_LIMITED',
    });
    expect(pool.candidates()).toHaveLength(0);
    const during = settled(pool.attempt(peer!, ASK));
    await vi.advanceTimersByTimeAsync(100);
    expect(during()).toMatchObject({ code: 'ERR_RATE_LIMITED', url: peer!.url });
    await vi.advanceTimersByTimeAsync(31_000);
    await pool.attempt(peer!, ASK);
    expect(sent).toHaveLength(2);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(30_000);
  });

  it('a request waiting for its slot fails at once when a 429 pauses the peer, without being sent', async () => {
    const sent: number[] = [];
    const pool = new PeerPool(['http://peer.test'], {
      fetch: recordingFetch(
        sent,
        () => new Response('{}', { status: 429, headers: { 'retry-after': '600' } }),
      ),
      rateLimit: { limit: 100, windowMs: 60_000 },
      now: () => Date.now(),
    });
    const [peer] = pool.candidates();
    const first = pool.attempt(peer!, ASK); // sent at once, answered 429
    const waiting = settled(pool.attempt(peer!, ASK)); // its slot is 630 ms later
    await expect(first).rejects.toMatchObject({ code: 'ERR_RATE_LIMITED' });
    await vi.advanceTimersByTimeAsync(100);
    expect(waiting()).toMatchObject({ code: 'ERR_RATE_LIMITED', url: peer!.url });
    expect(sent).toHaveLength(1);
  });

  it('waits out a Retry-After within the grace, as a slot', async () => {
    const sent: number[] = [];
    const pool = new PeerPool(['http://peer.test'], {
      fetch: recordingFetch(sent, () =>
        sent.length === 1
          ? new Response('{}', { status: 429, headers: { 'retry-after': '1.5' } })
          : Response.json({ data: {} }),
      ),
      rateLimit: { limit: 100, windowMs: 60_000 },
      now: () => Date.now(),
    });
    const [peer] = pool.candidates();
    const first = pool.attempt(peer!, ASK);
    const next = pool.attempt(peer!, ASK);
    await expect(first).rejects.toMatchObject({ code: 'ERR_RATE_LIMITED' });
    await vi.advanceTimersByTimeAsync(2_000);
    await next;
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(1_500);
  });

  it('keeps the limit a peer announces (x-ratelimit-limit) from its first answer on', async () => {
    const sent: number[] = [];
    const pool = new PeerPool(['http://peer.test'], {
      fetch: recordingFetch(sent, () =>
        Response.json({ data: {} }, { headers: { 'x-ratelimit-limit': '20' } }),
      ),
      rateLimit: { limit: 100, windowMs: 60_000 },
      now: () => Date.now(),
    });
    const [peer] = pool.candidates();
    await pool.attempt(peer!, ASK);
    const requests = Array.from({ length: 40 }, () => pool.attempt(peer!, ASK));
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    await Promise.all(requests);
    expect(busiestWindow(sent.slice(1), 60_000)).toBeLessThanOrEqual(20);
    expect(busiestWindow(sent.slice(1), 60_000)).toBeGreaterThanOrEqual(19);
  });

  it('a request waiting when the peer announces a lower limit fails at once; one asked after waits its slot', async () => {
    const sent: number[] = [];
    const pool = new PeerPool(['http://peer.test'], {
      fetch: recordingFetch(sent, () =>
        Response.json({ data: {} }, { headers: { 'x-ratelimit-limit': '1' } }),
      ),
      rateLimit: { limit: 100, windowMs: 60_000 },
      now: () => Date.now(),
    });
    const [peer] = pool.candidates();
    const first = pool.attempt(peer!, ASK); // answered with "one a minute from now on"
    const waiting = settled(pool.attempt(peer!, ASK)); // asked at 100 a minute: its slot was 630 ms later
    await first;
    await vi.advanceTimersByTimeAsync(100);
    expect(waiting()).toMatchObject({ code: 'ERR_RATE_LIMITED', url: peer!.url });
    const after = pool.attempt(peer!, ASK);
    await vi.advanceTimersByTimeAsync(64_000);
    await after;
    expect(sent).toHaveLength(2);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(60_000);
  });

  it('a request asked at an earlier pace fails once the peer has slowed; others wait their slot', async () => {
    const budget = new RateBudget({ limit: 100, windowMs: 60_000 }, () => Date.now());
    const pace = budget.spacingMs();
    await budget.acquire();
    budget.setLimit({ limit: 1, windowMs: 60_000 });
    const late = settled(budget.acquire(undefined, pace));
    const now = settled(budget.acquire());
    await vi.advanceTimersByTimeAsync(100);
    expect(late()).toMatchObject({ code: 'ERR_RATE_LIMITED' });
    expect(now()).toBe('pending');
    await vi.advanceTimersByTimeAsync(64_000);
    expect(now()).toBe('granted');
  });

  it('a waiting request is cancelled by its signal without being sent', async () => {
    const budget = new RateBudget({ limit: 1, windowMs: 2_000 }, () => Date.now());
    await budget.acquire();
    const controller = new AbortController();
    const waiting = budget.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'ERR_ABORTED' });
  });
});
