import { ProtocolError } from '../errors';

/** What ranking needs from a delegate wallet. */
export interface RankableDelegate {
  publicKey: string;
  voteBalance: bigint;
  resigned?: boolean;
}

// localeCompare(other, "en") of the reference, as a reusable collator (same ordering, no per-call setup).
const collator = new Intl.Collator('en');

/**
 * The delegates of a round, in rank order: non-resigned delegates by vote balance descending, ties broken by
 * `publicKey.localeCompare(other, "en")` ascending, the top `activeDelegates` kept (protocol reference §7,
 * core-state DposState). The result is what `shuffleDelegates` then reorders. The input is not mutated.
 */
export function rankDelegates<T extends RankableDelegate>(
  delegates: readonly T[],
  activeDelegates: number,
): T[] {
  const seen = new Set<string>();
  for (const delegate of delegates) {
    if (seen.has(delegate.publicKey)) {
      // The reference throws here too: two wallets cannot share a delegate key.
      throw new ProtocolError('ERR_KEY', `delegate ${delegate.publicKey} appears twice in the ranking input`);
    }
    seen.add(delegate.publicKey);
  }
  const ranked = delegates
    .filter((delegate) => delegate.resigned !== true)
    .sort((a, b) => {
      if (a.voteBalance !== b.voteBalance) return a.voteBalance > b.voteBalance ? -1 : 1;
      return collator.compare(a.publicKey, b.publicKey);
    });
  return ranked.slice(0, Math.max(0, activeDelegates));
}
