/**
 * The health of one peer, as the client sees it: recent successes and failures that fade with time (so a peer's
 * past does not follow it for ever), an exponentially weighted latency, the last error, and when it may be asked
 * again. Failures back off exponentially with jitter (so many clients do not retry in lock-step); a 429 backs off
 * for the Retry-After the peer asked for (ark-core-api.md §5.1–§5.2).
 */
import type { ClientError, ClientErrorCode } from './errors';
import type { RateBudget } from './rate-budget';

export interface PeerHealthOptions {
  /** Unix milliseconds. */
  now: () => number;
  /** In [0, 1); the jitter source. */
  random: () => number;
  /** Successes and failures lose half their weight over this time. */
  halfLifeMs: number;
  /** Weight of the newest sample in the latency average. */
  latencyAlpha: number;
  /** The latency at which a peer's score is halved. */
  latencyScaleMs: number;
  /** First backoff after a failure; it doubles per consecutive failure up to maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Backoff after a 429 without a usable Retry-After. */
  defaultRetryAfterMs: number;
}

const MAX_RETRY_AFTER_MS = 10 * 60_000;

export const DEFAULT_PEER_HEALTH_OPTIONS: PeerHealthOptions = {
  now: Date.now,
  random: Math.random,
  halfLifeMs: 60_000,
  latencyAlpha: 0.3,
  latencyScaleMs: 250,
  baseBackoffMs: 1_000,
  maxBackoffMs: 60_000,
  defaultRetryAfterMs: 10_000,
};

export interface PeerLastError {
  code: ClientErrorCode;
  message: string;
  /** Unix milliseconds. */
  at: number;
}

/** What the Node screen shows for a peer. */
export interface PeerStatus {
  url: string;
  /** 0..1, higher is better: health × latency factor. */
  score: number;
  /** 0..1: share of recent requests that succeeded (0.5 when nothing is known). */
  health: number;
  /** Average latency in milliseconds, once measured. */
  latencyMs: number | undefined;
  /** Chain height the peer last reported (X-Block-Height). */
  height: number | undefined;
  lastError: PeerLastError | undefined;
  /** Unix milliseconds of the last success. */
  lastSuccessAt: number | undefined;
  /** Unix milliseconds until which the peer is avoided, when it is backing off. */
  backoffUntil: number | undefined;
  /** Whether the backoff comes from a 429 (the peer is then not asked at all until it ends). */
  rateLimited: boolean;
  consecutiveFailures: number;
}

export class PeerHealth {
  readonly url: string;
  private readonly options: PeerHealthOptions;
  private successes = 0;
  private failures = 0;
  private decayedAt: number;
  private latency: number | undefined;
  private lastHeight: number | undefined;
  private lastError: PeerLastError | undefined;
  private lastSuccessAt: number | undefined;
  private consecutiveFailures = 0;
  private failureBackoffUntil = 0;
  private rateLimitedUntil = 0;
  /** How often this peer may be asked, when a limit is kept for it (rate-budget.ts); undefined: no limit. */
  budget: RateBudget | undefined;

  constructor(url: string, options: PeerHealthOptions = DEFAULT_PEER_HEALTH_OPTIONS) {
    this.url = url;
    this.options = options;
    this.decayedAt = options.now();
  }

  /** Fades the counters to the present (exponential decay with the configured half-life). */
  private decay(): void {
    const now = this.options.now();
    const elapsed = now - this.decayedAt;
    if (elapsed <= 0) return;
    const factor = Math.pow(0.5, elapsed / this.options.halfLifeMs);
    this.successes *= factor;
    this.failures *= factor;
    this.decayedAt = now;
  }

  /** A complete answer (2xx, or a 4xx that proves the peer is working). */
  recordSuccess(latencyMs: number | undefined, height: number | undefined): void {
    this.decay();
    this.successes += 1;
    if (latencyMs !== undefined) {
      const alpha = this.options.latencyAlpha;
      this.latency = this.latency === undefined ? latencyMs : alpha * latencyMs + (1 - alpha) * this.latency;
    }
    if (height !== undefined) this.lastHeight = height;
    this.lastSuccessAt = this.options.now();
    this.consecutiveFailures = 0;
    this.failureBackoffUntil = 0;
  }

  /** A transport failure, a 5xx or a malformed answer: the peer is avoided for a growing, jittered while. */
  recordFailure(error: ClientError): void {
    this.decay();
    this.failures += 1;
    this.consecutiveFailures += 1;
    const now = this.options.now();
    this.lastError = { code: error.code, message: error.message, at: now };
    const ceiling = Math.min(
      this.options.maxBackoffMs,
      this.options.baseBackoffMs * Math.pow(2, this.consecutiveFailures - 1),
    );
    // "Equal jitter": at least half the ceiling, so a failing peer is really left alone for a while.
    this.failureBackoffUntil = now + ceiling / 2 + this.options.random() * (ceiling / 2);
  }

  /** A 429: not a sign of ill health, but the peer asked to be left alone for `retryAfter` seconds. */
  recordRateLimit(error: ClientError): void {
    const now = this.options.now();
    this.lastError = { code: error.code, message: error.message, at: now };
    // Honoured up to ten minutes: a peer cannot take itself out of the rotation for good with a huge Retry-After
    // (ARK's own limiter asks for seconds, ark-core-api.md §5.1).
    const asked = error.retryAfter === undefined ? this.options.defaultRetryAfterMs : error.retryAfter * 1000;
    const wait = Math.min(asked, MAX_RETRY_AFTER_MS);
    this.rateLimitedUntil = now + wait;
    this.budget?.pauseUntil(this.rateLimitedUntil);
  }

  health(): number {
    this.decay();
    // Laplace's rule: an unknown peer starts at 0.5 and moves with evidence.
    return (this.successes + 1) / (this.successes + this.failures + 2);
  }

  score(): number {
    const latencyFactor =
      this.latency === undefined ? 1 : 1 / (1 + this.latency / this.options.latencyScaleMs);
    return this.health() * latencyFactor;
  }

  isRateLimited(): boolean {
    return this.rateLimitedUntil > this.options.now();
  }

  /** Seconds left of the 429 backoff (0 when not rate limited). */
  rateLimitRemaining(): number {
    return Math.max(0, (this.rateLimitedUntil - this.options.now()) / 1000);
  }

  isBackingOff(): boolean {
    return this.failureBackoffUntil > this.options.now();
  }

  backoffUntil(): number | undefined {
    const until = Math.max(this.failureBackoffUntil, this.rateLimitedUntil);
    return until > this.options.now() ? until : undefined;
  }

  status(): PeerStatus {
    return {
      url: this.url,
      score: this.score(),
      health: this.health(),
      latencyMs: this.latency,
      height: this.lastHeight,
      lastError: this.lastError,
      lastSuccessAt: this.lastSuccessAt,
      backoffUntil: this.backoffUntil(),
      rateLimited: this.isRateLimited(),
      consecutiveFailures: this.consecutiveFailures,
    };
  }
}
