/**
 * The forging order of a round, rebuilt from the protocol: `/rounds/{id}/delegates` answers the round's active
 * delegates with their vote weights, they are ranked (vote balance desc, public key asc — ark-core-api.md §10.2),
 * and shuffleDelegates(ranked, round) is the order the round forges in (core-state RoundState.shuffleDelegates).
 * The ranking is redone here rather than taken from the answer's order: ARK Core 3.9.1 reads the round's rows
 * without an ORDER BY (core-api controllers/rounds.js `findById`), so after rows were deleted and written again
 * (a restart mid-round deletes the next round) they come back in storage order, while its forger ranks them
 * (core-database round-repository.js `getRound`: balance DESC, public_key ASC; core-state dpos.js).
 * Works the same against the embedded node and a remote one; tests check it against the embedded node's own
 * store.roundDelegates.
 */
import type { ChainReader } from '../client';
import { rankDelegates, shuffleDelegates } from '../protocol/rounds';

export interface RoundOrder {
  round: number;
  /** Rank order (the API's order). */
  ranked: string[];
  /** Forging order. */
  order: string[];
}

/** Rounds kept in memory (a week of 8 s blocks is ~3,600 rounds; only recent ones are asked for). */
const CACHE_ROUNDS = 64;

export class RoundOrders {
  private readonly cache = new Map<number, RoundOrder>();

  constructor(private readonly client: () => ChainReader) {}

  async get(round: number): Promise<RoundOrder> {
    const cached = this.cache.get(round);
    if (cached !== undefined) return cached;
    const delegates = await this.client().roundDelegates(round);
    const ranked = rankDelegates(
      delegates.map((delegate) => ({ publicKey: delegate.publicKey, voteBalance: delegate.votes })),
      delegates.length,
    ).map((delegate) => delegate.publicKey);
    const entry: RoundOrder = { round, ranked, order: shuffleDelegates(ranked, round) };
    this.cache.set(round, entry);
    if (this.cache.size > CACHE_ROUNDS) {
      const oldest = Math.min(...this.cache.keys());
      this.cache.delete(oldest);
    }
    return entry;
  }

  /** A reverted round may come back with other delegates: forget rounds from `round` on. */
  forgetFrom(round: number): void {
    for (const key of [...this.cache.keys()]) if (key >= round) this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }
}
