/**
 * Broadcast: POST /api/transactions (ark-core-api.md §7) to several peers at once, so a transaction reaches the
 * network even when one node is slow or drops it. `peers: n` runs n parallel lanes over the candidate list; a lane
 * whose peer fails (transport, 5xx, 429, malformed answer) moves on to the next unused candidate, so up to n
 * distinct peers answer. The answers are merged: an id accepted by any peer is accepted (it is in a pool and will
 * be relayed), and an id is invalid only when no peer accepted it.
 */
import { ClientError, type PeerFailure } from './errors';
import { combineFailures, type PeerPool } from './peer-pool';
import type { PeerHealth } from './peer-health';
import type { TransactionJson } from '../protocol/transactions';
import { postTransactionsAnswer, type PoolError, type PostTransactionsAnswer } from './schemas/post';

export interface BroadcastOptions {
  /** How many peers should receive the transactions (default 3, at most the number of peers). */
  peers?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface PeerBroadcastOutcome {
  url: string;
  /** The peer's own answer, when it gave one. */
  answer?: PostTransactionsAnswer;
  /** Why this peer did not answer (or refused the request as a whole, e.g. 422). */
  error?: ClientError;
}

export interface BroadcastResult {
  /** Accepted into the pool of at least one peer. */
  accept: string[];
  /** Relayed onwards by at least one peer. */
  broadcast: string[];
  /** Refused by a peer because the sender has too many transactions in its pool (ERR_EXCEEDS_MAX_COUNT). */
  excess: string[];
  /** Accepted by no peer and refused by at least one. ERR_DUPLICATE means a peer already holds it. */
  invalid: string[];
  /** For each invalid id, the reason the first refusing peer gave. */
  errors: Record<string, PoolError>;
  /** What each asked peer did, in the order they answered. */
  peers: PeerBroadcastOutcome[];
}

/** Transactions as ARK's JSON objects (transactionToJson output; §7: not hex strings). */
export type TransactionPayload = TransactionJson | Readonly<Record<string, unknown>>;

export function mergeBroadcastAnswers(outcomes: PeerBroadcastOutcome[]): BroadcastResult {
  const accept = new Set<string>();
  const broadcast = new Set<string>();
  const excess = new Set<string>();
  const refused = new Map<string, PoolError>();
  for (const { answer } of outcomes) {
    if (!answer) continue;
    answer.accept.forEach((id) => accept.add(id));
    answer.broadcast.forEach((id) => broadcast.add(id));
    answer.excess.forEach((id) => excess.add(id));
    for (const id of answer.invalid) {
      const reason = answer.errors[id] ?? { type: 'ERR_OTHER', message: 'refused without a reason' };
      if (!refused.has(id)) refused.set(id, reason);
    }
  }
  const invalid = [...refused.keys()].filter((id) => !accept.has(id));
  return {
    accept: [...accept],
    broadcast: [...broadcast],
    excess: [...excess].filter((id) => !accept.has(id)),
    invalid,
    errors: Object.fromEntries(invalid.map((id) => [id, refused.get(id)!])),
    peers: outcomes,
  };
}

export async function broadcastTransactions(
  peerPool: PeerPool,
  transactions: readonly TransactionPayload[],
  options: BroadcastOptions = {},
): Promise<BroadcastResult> {
  const queue: PeerHealth[] = peerPool.candidates();
  if (queue.length === 0) throw peerPool.unavailable();
  const lanes = Math.max(1, Math.min(options.peers ?? 3, queue.length));
  const outcomes: PeerBroadcastOutcome[] = [];
  const failures: PeerFailure[] = [];

  const lane = async (): Promise<void> => {
    for (let peer = queue.shift(); peer; peer = queue.shift()) {
      try {
        const { value } = await peerPool.attempt(peer, {
          method: 'POST',
          route: '/transactions',
          body: { transactions },
          schema: postTransactionsAnswer,
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        outcomes.push({ url: peer.url, answer: value });
        return;
      } catch (error) {
        if (!(error instanceof ClientError) || error.code === 'ERR_ABORTED') throw error;
        outcomes.push({ url: peer.url, error });
        // A 4xx (e.g. 422: the body does not validate) would be the same everywhere: this lane stops.
        if (error.code === 'ERR_HTTP_4XX') return;
        failures.push({ url: peer.url, error });
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));

  if (outcomes.some((outcome) => outcome.answer)) return mergeBroadcastAnswers(outcomes);
  const refusal = outcomes.find((outcome) => outcome.error?.code === 'ERR_HTTP_4XX');
  if (refusal?.error) throw refusal.error;
  throw combineFailures(failures);
}
