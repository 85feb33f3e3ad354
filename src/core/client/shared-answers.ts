/**
 * A peer's latest answers to the reads that follow its tip (/node/syncing, /blocks/last), for every pool of the
 * process. Two pollers follow a remote network's node at the same pace — the network's chain events
 * (chain-access/remote-chain.ts) and the monitor's probe of that node (monitor/node-probe.ts) — and each asked the
 * same two questions every few seconds, spending the node's request budget twice for one answer (ARK Core counts
 * a client's requests by its address: core-api `plugins/rate-limit.ts`). A read that says how old an answer may be
 * (`reuseWithinMs`) takes the same peer's answer to the same route when it is that recent, or joins the request
 * already on its way; any other read asks the peer and keeps its answer here for the next one. The answer is
 * still that peer's own (the pool that reuses it asked the same peer), so a node is judged by what it said.
 */
import type { HttpAnswer } from './http';

/** Routes whose answers are kept: both take no query, so the route alone names the question. */
export const SHARED_ROUTES: ReadonlySet<string> = new Set(['/node/syncing', '/blocks/last']);

interface Kept {
  at: number;
  answer: HttpAnswer<unknown>;
}

export class SharedAnswers {
  private readonly kept = new Map<string, Kept>();
  private readonly pending = new Map<string, Promise<HttpAnswer<unknown>>>();

  /** `url`'s answer to `route` received less than `maxAgeMs` before `now`, if any (0: none, only one on its way). */
  recent(url: string, route: string, maxAgeMs: number, now: number): HttpAnswer<unknown> | undefined {
    const kept = this.kept.get(key(url, route));
    return kept !== undefined && now - kept.at < maxAgeMs ? kept.answer : undefined;
  }

  /** The request to `url` for `route` on its way now, if any. */
  inFlight(url: string, route: string): Promise<HttpAnswer<unknown>> | undefined {
    return this.pending.get(key(url, route));
  }

  /** Keeps `request` as the one on its way, then its answer (a failure keeps nothing). */
  track<T>(
    url: string,
    route: string,
    request: Promise<HttpAnswer<T>>,
    now: () => number,
  ): Promise<HttpAnswer<T>> {
    const name = key(url, route);
    this.pending.set(name, request);
    const done = () => {
      if (this.pending.get(name) === request) this.pending.delete(name);
    };
    request.then((answer) => {
      done();
      this.kept.set(name, { at: now(), answer });
    }, done);
    return request;
  }
}

function key(url: string, route: string): string {
  return `${url} ${route}`;
}
