/**
 * How often one peer may be asked: at most `limit` requests in any `windowMs` (ARK Core's public API: 100 a
 * minute per client by default, core-api's rate limit; its P2P port: one `getBlocks` every 2 s, core-p2p
 * `utils/build-rate-limiter.ts`). Requests are spaced evenly, windowMs / limit apart — a bucket of one token —
 * so that no window of that length, wherever it starts, holds more than `limit` of them: a server counting in
 * fixed windows and one counting in sliding windows both see the client within its limit. The spacing carries a
 * margin of 5 %: the peer counts a request when it arrives, and two requests sent exactly the spacing apart may
 * arrive closer (the first delayed on the way) — core-p2p refused such getBlocks with a 429 in bench:sync before
 * the margin. A 429's Retry-After pushes the next slot past it.
 *
 * A request is held only for the pace it was asked at: when the peer asks for more while it waits — a 429's pause,
 * or a lower limit it announced — it fails at once with ERR_RATE_LIMITED instead of sleeping through it (up to the
 * ten minutes a Retry-After is honoured, or a minute per request at a limit of one), so that the caller asks another
 * peer (docs/design/sync.md "Request budgets"). Nothing is sent sooner for it: the peer's limit still holds. A
 * request asked while the peer is paused fails the same way; one asked after a lower limit was announced waits for
 * its slot (unless it belongs to work given to the peer before: `pace`), so a peer that really allows few requests
 * is still asked at its pace.
 *
 * What the peer says of its current window (`report`: ARK Core's `x-ratelimit-remaining` and `x-ratelimit-reset`,
 * core-api `plugins/rate-limit.ts`) is kept too: once the requests it still allows are spent, the next one waits
 * for the window's end, as a slot does. ARK counts fixed windows per client address, so requests this budget did
 * not see — sent before the limit was known, by another process on the same address — spend the same window; a
 * budget that paced only its own would be refused with 429s until that window ends.
 */
import { ClientError } from './errors';

/** Arrival jitter the spacing leaves room for (see above). */
const SPACING_MARGIN = 0.05;
/**
 * A pause or a slower spacing that holds a request at most this much longer is waited out, as a slot is: ARK Core's
 * Retry-After is the time to its window's end, often a fraction of a second (docs/reference/ark-core-api.md §5.1).
 */
const RATE_CHANGE_GRACE_MS = 2_000;

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
  /** Ends the sleep of the request whose turn it is, so that it sees a pause or a new limit at once. */
  private wake: (() => void) | undefined;
  /** The peer's current window as it last reported it: requests left in it (by this budget's count since), its end. */
  private window: { remaining: number; end: number } | undefined;
  /** When the requests of the last window's length were let go, oldest first (to count those a report missed). */
  private grants: number[] = [];

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
    this.wake?.();
  }

  /** Milliseconds until a new request would be let go (0: now), the ones already waiting first. */
  waitMs(): number {
    const now = this.now();
    const next = this.nextSlot(now) + this.waiting * this.spacing;
    return Math.max(0, next - now);
  }

  /**
   * The peer's word on its window, from the answer to a request let go at `sentAt`: it allows `remaining` more
   * requests until `end` (Unix ms, this budget's clock). The requests let go after that one may not have reached it
   * yet when it counted, so they are taken off what it allows (one counted twice costs a slot, not a 429).
   */
  report(remaining: number, end: number, sentAt: number): void {
    if (end <= this.now()) return;
    const since = this.grants.filter((at) => at > sentAt).length;
    this.window = { remaining: Math.max(0, remaining - since), end };
    this.wake?.();
  }

  /** When the next request may go, by the spacing, a pause and the peer's window. */
  private nextSlot(now: number): number {
    const spent =
      this.window !== undefined && this.window.end > now && this.window.remaining <= 0
        ? this.window.end
        : Number.NEGATIVE_INFINITY;
    return Math.max(this.lastGrant + this.spacing, this.pausedUntil, spent);
  }

  private granted(now: number): void {
    this.lastGrant = now;
    this.grants.push(now);
    while (this.grants.length > 0 && this.grants[0]! <= now - this.rate.windowMs) this.grants.shift();
    if (this.window === undefined) return;
    if (this.window.end <= now) this.window = undefined;
    else this.window.remaining--;
  }

  /**
   * Resolves when the request may be sent (rejects with ERR_ABORTED when `signal` aborts first). The spacing is
   * measured from when the previous request was really let go: timers that fire late on a busy thread do not let
   * several requests out at once. Rejects with ERR_RATE_LIMITED, without waiting, when the peer is paused for longer
   * than RATE_CHANGE_GRACE_MS, or when a spacing slower than `pace` (the spacing the request was asked at: now's
   * unless told) would hold it longer than that (see above).
   */
  acquire(signal?: AbortSignal, pace: number = this.spacing): Promise<void> {
    this.waiting++;
    const turn = this.turns.then(async () => {
      try {
        for (;;) {
          const now = this.now();
          const paused = this.pausedUntil - now;
          if (paused > RATE_CHANGE_GRACE_MS) {
            throw new ClientError(
              'ERR_RATE_LIMITED',
              `the peer asked to be left alone for ${Math.ceil(paused / 1000)} s (429)`,
              { retryAfter: paused / 1000 },
            );
          }
          const wait = this.nextSlot(now) - now;
          if (wait <= 0) break;
          const slowed = Math.max(this.lastGrant + this.spacing, this.pausedUntil) - now;
          if (this.spacing > pace && slowed > RATE_CHANGE_GRACE_MS) {
            throw new ClientError(
              'ERR_RATE_LIMITED',
              `the peer lowered its limit to ${this.rate.limit} requests in ${this.rate.windowMs / 1000} s; its next slot is in ${Math.ceil(slowed / 1000)} s`,
              { retryAfter: slowed / 1000 },
            );
          }
          await this.sleep(wait, signal);
        }
        this.granted(this.now());
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
    this.wake?.();
  }

  /** Sleeps `ms`, or until a pause or a new limit wakes it (rejects with ERR_ABORTED when `signal` aborts). */
  private sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(aborted());
        return;
      }
      const settle = (outcome: () => void) => () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.wake = undefined;
        outcome();
      };
      const onAbort = settle(() => reject(aborted()));
      const timer = setTimeout(settle(resolve), ms);
      this.wake = settle(resolve);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

function spacingOf(rate: RateLimit, margin: number): number {
  if (!(rate.limit > 0) || !(rate.windowMs > 0)) {
    throw new RangeError('a rate limit is a positive count per window');
  }
  return (rate.windowMs / rate.limit) * (1 + margin);
}

function aborted(): ClientError {
  return new ClientError('ERR_ABORTED', 'the request was cancelled');
}
