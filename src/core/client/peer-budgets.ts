/**
 * One request budget per peer, whichever pool asks. ARK Core counts a client's requests by its address (core-api
 * `plugins/rate-limit.ts`: one `RateLimiterMemory` keyed by the client's IP), so the pools of one process that reach
 * the same node — a network's reads, the monitor's probe of that node, an own node's follower — spend one budget
 * between them: each kept within the limit alone would together send several times it. Pools given the same
 * PeerBudgets share a peer's budget by its normalized URL; a pool given none keeps its own (peer-pool.ts).
 */
import { RateBudget, type RateLimit } from './rate-budget';

export class PeerBudgets {
  private readonly budgets = new Map<string, RateBudget>();

  /** The budget kept for `url` (a normalized peer URL), if any pool made one. */
  get(url: string): RateBudget | undefined {
    return this.budgets.get(url);
  }

  /** The budget of `url`, made at `rate` (on the clock `now`) when there is none yet; an existing one is kept as is. */
  keep(url: string, rate: RateLimit, now: () => number): RateBudget {
    let budget = this.budgets.get(url);
    if (budget === undefined) {
      budget = new RateBudget(rate, now);
      this.budgets.set(url, budget);
    }
    return budget;
  }
}
