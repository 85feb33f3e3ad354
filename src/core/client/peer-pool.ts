/**
 * The peers of one network and the failover rule: a request goes to the best peer (highest score among those not
 * backing off) and moves to the next one on a timeout, a failed connection, a 5xx or a malformed answer. A peer that
 * answered 429 is skipped until its Retry-After has passed. Peers backing off after failures are still tried, last
 * and in the order their backoff ends, so a network whose only node had a hiccup (the embedded localnet) is not
 * refused while that node is already back; a backed-off peer thus comes back as soon as it answers.
 */
import { ClientError, type PeerFailure } from './errors';
import { requestJson, type FetchLike, type HttpAnswer, type HttpRequest } from './http';
import {
  DEFAULT_PEER_HEALTH_OPTIONS,
  PeerHealth,
  type PeerHealthOptions,
  type PeerStatus,
} from './peer-health';
import { PeerBudgets } from './peer-budgets';
import { SHARED_ROUTES, SharedAnswers } from './shared-answers';
import { ARK_API_RATE_LIMIT, type RateLimit } from './rate-budget';
import { normalizePeerUrl } from './urls';

export interface PeerPoolOptions extends Partial<PeerHealthOptions> {
  /** Per-request timeout in milliseconds (default 5000, ARK's own socket timeout, ark-core-api.md §1). */
  timeoutMs?: number;
  /** How many peers one request may try before giving up (default 4). */
  maxAttempts?: number;
  fetch?: FetchLike;
  /**
   * Keep every peer within this request rate (rate-budget.ts) from its first request on. Without it, a peer is kept
   * within the limit it announces (`x-ratelimit-limit`, as ARK Core's core-api sends with every answer) from its
   * first answer on; a peer that announces none is not limited. Either way an announced limit wins.
   */
  rateLimit?: RateLimit;
  /**
   * Where the peers' budgets are kept (peer-budgets.ts): pools given the same one share a peer's budget, as the
   * peer counts one client's requests together. Default: this pool's own.
   */
  budgets?: PeerBudgets;
  /**
   * Where the peers' latest tip answers are kept (shared-answers.ts): pools given the same one take each other's
   * recent answers when a read allows it (`reuseWithinMs`). Default: this pool's own.
   */
  shared?: SharedAnswers;
}

export type PeerRequest<T> = Omit<HttpRequest<T>, 'timeoutMs'> & {
  timeoutMs?: number;
  /**
   * The spacing of the peer's budget (ms) when the work this request belongs to was given to that peer: a peer
   * that has slowed since fails the request at once rather than hold it (rate-budget.ts `acquire`).
   */
  pace?: number;
  /** Told which peer's answer the request returns (after failover, not always the first asked). */
  answeredBy?: (url: string) => void;
  /**
   * How old the same peer's answer to the same read may be (less than this) to do instead of a new request
   * (shared-answers.ts: `/node/syncing` and `/blocks/last` only); a request already on its way is joined, also at 0.
   * Unset: always asked.
   */
  reuseWithinMs?: number;
};

export class PeerPool {
  private readonly healthOptions: PeerHealthOptions;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly fetchImpl: FetchLike | undefined;
  private rateLimit: RateLimit | undefined;
  private readonly budgets: PeerBudgets;
  private readonly shared: SharedAnswers;
  private health: PeerHealth[] = [];

  constructor(urls: readonly string[], options: PeerPoolOptions = {}) {
    const { timeoutMs, maxAttempts, fetch, rateLimit, budgets, shared, ...health } = options;
    this.rateLimit = rateLimit;
    this.budgets = budgets ?? new PeerBudgets();
    this.shared = shared ?? new SharedAnswers();
    this.healthOptions = { ...DEFAULT_PEER_HEALTH_OPTIONS, ...health };
    this.timeoutMs = timeoutMs ?? 5_000;
    this.maxAttempts = maxAttempts ?? 4;
    this.fetchImpl = fetch;
    this.setPeers(urls);
  }

  /** Replaces the peer list; peers that stay keep their health. Throws ERR_INVALID_URL on a bad URL. */
  setPeers(urls: readonly string[]): void {
    const normalized = [...new Set(urls.map(normalizePeerUrl))];
    const known = new Map(this.health.map((peer) => [peer.url, peer]));
    this.health = normalized.map((url) => known.get(url) ?? this.newPeer(url));
  }

  private newPeer(url: string): PeerHealth {
    const peer = new PeerHealth(url, this.healthOptions);
    peer.budget =
      this.rateLimit === undefined
        ? this.budgets.get(url)
        : this.budgets.keep(url, this.rateLimit, this.healthOptions.now);
    return peer;
  }

  /** Keeps every peer, present and future, within `rate` from now on (a peer's announced limit still wins). */
  limitRequests(rate: RateLimit): void {
    this.rateLimit = rate;
    for (const peer of this.health) peer.budget ??= this.budgets.keep(peer.url, rate, this.healthOptions.now);
  }

  /**
   * Keeps `peer` within the limit it announced (`x-ratelimit-limit`). The header names no window: ARK Core's is
   * core-api's `CORE_API_RATE_LIMIT_USER_EXPIRES`, 60 s by default (rate-budget.ts ARK_API_RATE_LIMIT); a node
   * configured with a longer one is then asked at the same average pace, a shorter one more slowly than it allows.
   */
  private adopt(peer: PeerHealth, limit: number): void {
    const budget =
      peer.budget ?? this.budgets.keep(peer.url, { ...ARK_API_RATE_LIMIT, limit }, this.healthOptions.now);
    peer.budget = budget;
    if (budget.limit().limit !== limit) budget.setLimit({ ...budget.limit(), limit });
  }

  urls(): string[] {
    return this.health.map((peer) => peer.url);
  }

  /** Every peer's state, in configured order (for the Node screen). */
  statuses(): PeerStatus[] {
    return this.health.map((peer) => peer.status());
  }

  /**
   * The order in which peers are asked: healthy ones by score (ties keep the configured order), then those backing
   * off, soonest-available first. Rate-limited peers are left out.
   */
  candidates(): PeerHealth[] {
    const usable = this.health.filter((peer) => !peer.isRateLimited());
    const ready = usable.filter((peer) => !peer.isBackingOff());
    const waiting = usable.filter((peer) => peer.isBackingOff());
    const scored = ready.map((peer, index) => ({ peer, index, score: peer.score() }));
    scored.sort((a, b) => b.score - a.score || a.index - b.index);
    waiting.sort((a, b) => (a.backoffUntil() ?? 0) - (b.backoffUntil() ?? 0));
    return [...scored.map((entry) => entry.peer), ...waiting];
  }

  /**
   * One request to one peer, with its outcome recorded in that peer's health. A read of the peer's tip takes that
   * peer's recent answer, or joins the request on its way, when it allows (`reuseWithinMs`, shared-answers.ts).
   */
  async attempt<T>(peer: PeerHealth, request: PeerRequest<T>): Promise<HttpAnswer<T>> {
    const shareable =
      request.method === 'GET' && request.query === undefined && SHARED_ROUTES.has(request.route);
    if (!shareable) return this.send(peer, request);
    // The route names the question and NodeClient reads each with one schema: the kept value has this one's shape.
    if (request.reuseWithinMs !== undefined) {
      const recent = this.shared.recent(
        peer.url,
        request.route,
        request.reuseWithinMs,
        this.healthOptions.now(),
      );
      if (recent !== undefined) return recent as HttpAnswer<T>;
      const pending = this.shared.inFlight(peer.url, request.route);
      if (pending !== undefined) {
        const joined = await pending.catch(() => undefined);
        if (joined !== undefined) return joined as HttpAnswer<T>;
      }
    }
    return this.shared.track(peer.url, request.route, this.send(peer, request), this.healthOptions.now);
  }

  private async send<T>(peer: PeerHealth, request: PeerRequest<T>): Promise<HttpAnswer<T>> {
    // Waiting for the peer's next slot is not the peer's failure (an abort meanwhile is the caller's), nor is a
    // slot it no longer offers soon (it paused or slowed while the request waited: rate-budget.ts), named here.
    // Another pool may have made the peer's budget since this one last asked (peer-budgets.ts).
    peer.budget ??= this.budgets.get(peer.url);
    try {
      await peer.budget?.acquire(request.signal, request.pace);
    } catch (error) {
      if (!(error instanceof ClientError) || error.code !== 'ERR_RATE_LIMITED') throw error;
      throw new ClientError('ERR_RATE_LIMITED', `${peer.url}: ${error.message}`, {
        url: peer.url,
        ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
      });
    }
    const sentAt = this.healthOptions.now();
    // A 429 (another request's answer) keeps the peer out until its Retry-After has passed: a budget refuses the
    // request itself (a pause within its grace is waited out); a peer without one is refused here.
    if (peer.isRateLimited()) {
      throw new ClientError('ERR_RATE_LIMITED', `${peer.url} asked to be left alone for a while (429)`, {
        url: peer.url,
      });
    }
    try {
      const answer = await requestJson(
        peer.url,
        { ...request, timeoutMs: request.timeoutMs ?? this.timeoutMs },
        ...(this.fetchImpl ? [this.fetchImpl] : []),
      );
      peer.recordSuccess(answer.latencyMs, answer.height);
      if (answer.rateLimit !== undefined) this.adopt(peer, answer.rateLimit);
      const window = answer.rateWindow;
      if (window !== undefined && peer.budget !== undefined) {
        const endsIn = window.endsInMs ?? peer.budget.limit().windowMs;
        peer.budget.report(window.remaining, this.healthOptions.now() + endsIn, sentAt);
      }
      return answer;
    } catch (error) {
      if (error instanceof ClientError) {
        if (error.code === 'ERR_RATE_LIMITED') peer.recordRateLimit(error);
        else if (error.isPeerFailure) peer.recordFailure(error);
        // A 4xx is a complete, meaningful answer ("Wallet not found"): the peer works.
        else if (error.code === 'ERR_HTTP_4XX') peer.recordSuccess(undefined, undefined);
      }
      throw error;
    }
  }

  /** The error to throw when no peer may be asked at all. */
  unavailable(): ClientError {
    if (this.health.length === 0) {
      return new ClientError('ERR_ALL_PEERS_FAILED', 'this network has no peers; add a node URL in Settings');
    }
    const retryAfter = Math.min(...this.health.map((peer) => peer.rateLimitRemaining()));
    return new ClientError(
      'ERR_RATE_LIMITED',
      `every peer of this network is rate limiting requests; retry in ${Math.ceil(retryAfter)} s`,
      { retryAfter },
    );
  }

  /** A request with failover: the first good answer wins; 4xx and cancellation end it at once. */
  async request<T>(request: PeerRequest<T>): Promise<HttpAnswer<T>> {
    const candidates = this.candidates().slice(0, this.maxAttempts);
    if (candidates.length === 0) throw this.unavailable();
    const failures: PeerFailure[] = [];
    for (const peer of candidates) {
      try {
        const answer = await this.attempt(peer, request);
        request.answeredBy?.(peer.url);
        return answer;
      } catch (error) {
        if (!(error instanceof ClientError)) throw error;
        if (error.code !== 'ERR_RATE_LIMITED' && !error.isPeerFailure) throw error;
        failures.push({ url: peer.url, error });
      }
    }
    throw combineFailures(failures);
  }
}

/**
 * One error for a request every tried peer failed: the peer's own error when only one was tried (so a single-node
 * network reports ERR_TIMEOUT or ERR_NETWORK as is), ERR_RATE_LIMITED when they all answered 429, and
 * ERR_ALL_PEERS_FAILED with every cause otherwise.
 */
export function combineFailures(failures: readonly PeerFailure[]): ClientError {
  const [only] = failures;
  if (failures.length === 1 && only) return only.error;
  if (failures.length > 0 && failures.every((failure) => failure.error.code === 'ERR_RATE_LIMITED')) {
    const retryAfter = Math.min(...failures.map((failure) => failure.error.retryAfter ?? 0));
    return new ClientError(
      'ERR_RATE_LIMITED',
      `every peer asked is rate limiting requests; retry in ${Math.ceil(retryAfter)} s`,
      { retryAfter, causes: [...failures] },
    );
  }
  const summary = failures.map((failure) => `${failure.url}: ${failure.error.message}`).join('; ');
  return new ClientError('ERR_ALL_PEERS_FAILED', `no peer could answer (${summary})`, {
    causes: [...failures],
  });
}
