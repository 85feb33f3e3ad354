/**
 * What each followed peer has demonstrably done (docs/design/sync.md "Peers"): the verified blocks it delivered per
 * request (an exponentially weighted average), the highest block it served that verified, its last failure in
 * words, a claimed height it failed to serve (its claims are then doubted until it delivers again), and whether it
 * follows a chain that left ours deeper than the follower reverts (then it is no longer followed).
 *
 * The peer choice reads this, not the heights peers claim: a peer's word is a claim, a verified block is a fact.
 */

/** Weight of the newest request in the delivered-blocks average. */
const DELIVERY_ALPHA = 0.3;
/** What an unknown peer is assumed to deliver, so that each peer gets asked. */
const DELIVERY_PRIOR = 1;

export interface PeerRecord {
  readonly url: string;
  /** Verified blocks per request, weighted towards the recent ones. */
  deliveredPerRequest: number;
  requests: number;
  /** The highest block this peer served that verified and was stored. */
  servedHeight: number | undefined;
  /** A height it claimed and then did not serve: claims from there up are not believed until it delivers. */
  doubtedFrom: number | undefined;
  /** Why its claim is doubted, in words. */
  doubt: string | undefined;
  /** Its last failure, in words (no URLs with queries). */
  lastFailure: string | undefined;
  /** Its chain left ours deeper than the follower reverts: not followed any more (the reason). */
  diverged: string | undefined;
}

export class PeerLedger {
  private readonly records = new Map<string, PeerRecord>();

  of(url: string): PeerRecord {
    let record = this.records.get(url);
    if (record === undefined) {
      record = {
        url,
        deliveredPerRequest: DELIVERY_PRIOR,
        requests: 0,
        servedHeight: undefined,
        doubtedFrom: undefined,
        doubt: undefined,
        lastFailure: undefined,
        diverged: undefined,
      };
      this.records.set(url, record);
    }
    return record;
  }

  /** A request answered with `count` blocks that verified (0: it had nothing new, and did not claim more). */
  delivered(url: string, count: number, height: number): void {
    const record = this.of(url);
    record.requests++;
    record.deliveredPerRequest = DELIVERY_ALPHA * count + (1 - DELIVERY_ALPHA) * record.deliveredPerRequest;
    if (count > 0) {
      record.servedHeight = Math.max(record.servedHeight ?? 0, height);
      record.doubtedFrom = undefined;
      record.doubt = undefined;
    }
  }

  /** A request that failed (the peer's health backs it off; this keeps the words for the status). */
  failed(url: string, words: string): void {
    const record = this.of(url);
    record.requests++;
    record.deliveredPerRequest = (1 - DELIVERY_ALPHA) * record.deliveredPerRequest;
    record.lastFailure = words;
  }

  /** It claimed `height` and could not serve it. */
  doubt(url: string, height: number, words: string): void {
    const record = this.of(url);
    record.doubtedFrom = Math.min(record.doubtedFrom ?? height, height);
    record.doubt = words;
    this.failed(url, words);
  }

  diverge(url: string, reason: string): void {
    this.of(url).diverged = reason;
  }

  isDiverged(url: string): boolean {
    return this.records.get(url)?.diverged !== undefined;
  }
}

/**
 * Replaces every URL's query string and fragment in a message by nothing: a status is read by people (and laid out
 * by the UI), and a peer's route with its query says nothing more than the peer's address does.
 */
export function plainWords(message: string): string {
  return message.replace(/(https?:\/\/[^\s?#)]+)[?#][^\s)]*/g, '$1').replace(/\/api(\/[^\s)]*)?/g, '');
}

/** A peer's address as people read it: host and port. */
export function peerLabel(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
