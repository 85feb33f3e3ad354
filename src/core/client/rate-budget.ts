/**
 * How often one peer may be asked: at most `limit` requests in any `windowMs` (ARK Core's public API: 100 a
 * minute per client by default, core-api's rate limit; its P2P port: one `getBlocks` every 2 s, core-p2p
 * `utils/build-rate-limiter.ts`). Requests are spaced evenly, windowMs / limit apart — a bucket of one token —
 * so that no window of that length, wherever it starts, holds more than `limit` of them: a server counting in
 * fixed windows and one counting in sliding windows both see the client within its limit. The spacing carries a
 * margin of 5 %: the peer counts a request when it arrives, and two requests sent exactly the spacing apart may
 * arrive closer (the first delayed on the way) — core-p2p refused such getBlocks with a 429 in bench:sync before
 * the margin. A 429's Retry-After pushes the next slot past it.
 */
import { ClientError } from './errors';

/** Arrival jitter the spacing leaves room for (see above). */
const SPACING_MARGIN = 0.05;

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** ARK Core's public API default (core-api `CORE_API_RATE_LIMIT_USER_LIMIT` 100 per `…_EXPIRES` 60 s). */
export const ARK_API_RATE_LIMIT: RateLimit = { limit: 100, windowMs: 60_000 };

export class RateBudget {
  /** When the last request was let go (Unix ms, by this budget's clock). */
  private lastGrant = Number.NEGATIVE_INFINITY;
  private pausedUntil = Number.NEGATIVE_INFINITY;
  /** Requests waiting for their turn. */
  private waiting = 0;
  /** Grants are handed out one after the other, each measured from the one before when it was actually let go. */
  private turns: Promise<void> = Promise.resolve();
  private spacing: number;

  constructor(
    private rate: RateLimit,
    private readonly now: () => number = Date.now,
    /** The share of the spacing left for jitter (default 5 %, see above). */
    private readonly margin = SPACING_MARGIN,
  ) {
    this.spacing = spacingOf(rate, margin);
  }

  limit(): RateLimit {
    return this.rate;
  }

  /** Milliseconds between two requests. */
  spacingMs(): number {
    return this.spacing;
  }

  /** Another limit from now on (the peer says it has one: `x-ratelimit-limit`). */
  setLimit(rate: RateLimit): void {
    this.rate = rate;
    this.spacing = spacingOf(rate, this.margin);
  }

  /** Milliseconds until a new request would be let go (0: now), the ones already waiting first. */
  waitMs(): number {
    const next = Math.max(this.lastGrant + this.spacing, this.pausedUntil) + this.waiting * this.spacing;
    return Math.max(0, next - this.now());
  }

  /**
   * Resolves when the request may be sent (rejects with ERR_ABORTED when `signal` aborts first). The spacing is
   * measured from when the previous request was really let go: timers that fire late on a busy thread do not let
   * several requests out at once.
   */
  acquire(signal?: AbortSignal): Promise<void> {
    this.waiting++;
    const turn = this.turns.then(async () => {
      try {
        for (;;) {
          const wait = Math.max(this.lastGrant + this.spacing, this.pausedUntil) - this.now();
          if (wait <= 0) break;
          await sleep(wait, signal);
        }
        this.lastGrant = this.now();
      } finally {
        this.waiting--;
      }
    });
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  /** Nothing before `until` (Unix ms): a 429 asked us to wait. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }
}

function spacingOf(rate: RateLimit, margin: number): number {
  if (!(rate.limit > 0) || !(rate.windowMs > 0)) {
    throw new RangeError('a rate limit is a positive count per window');
  }
  return (rate.windowMs / rate.limit) * (1 + margin);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ClientError('ERR_ABORTED', 'the request was cancelled'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ClientError('ERR_ABORTED', 'the request was cancelled'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
