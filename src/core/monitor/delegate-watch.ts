/**
 * What changes around my delegates between two readings of the node (src/core/monitor/README.md "Ranks and voters"): a
 * delegate's rank, and its voters — one joining, one leaving, one whose balance (and so the delegate's vote
 * weight) moved by at least the threshold. The first reading of a delegate is the baseline and raises nothing;
 * a reading that failed is skipped (no voter "left" because a page did not come). The delegate-rank and
 * delegate-voters rules turn the changes into one-shot alerts.
 */
import type { ChainReader } from '../client';

/** Voters read per delegate (pages of 100): a delegate with more is compared on its largest voters only. */
export const VOTER_PAGES_MAX = 10;
/** Voter alerts per delegate per reading; the rest are counted in one more alert. */
export const VOTER_CHANGES_MAX = 10;

export type DelegateChange =
  | { kind: 'rank'; publicKey: string; from: number; to: number }
  | { kind: 'joined' | 'left'; publicKey: string; address: string; balance: bigint }
  | { kind: 'balance'; publicKey: string; address: string; from: bigint; to: bigint }
  | { kind: 'more'; publicKey: string; count: number };

/** A delegate's voters by address (balances in arktoshi), or undefined when they could not all be read. */
export async function readVoters(
  client: ChainReader,
  publicKey: string,
): Promise<Map<string, bigint> | undefined> {
  const voters = new Map<string, bigint>();
  try {
    for (let page = 1; page <= VOTER_PAGES_MAX; page += 1) {
      const answer = await client.delegateVoters(publicKey, { page, limit: 100, orderBy: 'balance:desc' });
      for (const wallet of answer.data) voters.set(wallet.address, BigInt(wallet.balance));
      if (answer.data.length < 100) break;
    }
  } catch {
    return undefined;
  }
  return voters;
}

export class DelegateWatch {
  private readonly ranks = new Map<string, number>();
  private readonly voters = new Map<string, Map<string, bigint>>();

  /** The rank changes of my delegates since the last reading (rank from the delegates list; absent: unknown). */
  ranksRead(mine: ReadonlySet<string>, ranks: ReadonlyMap<string, number | undefined>): DelegateChange[] {
    const changes: DelegateChange[] = [];
    for (const publicKey of mine) {
      const rank = ranks.get(publicKey);
      if (rank === undefined) continue;
      const before = this.ranks.get(publicKey);
      this.ranks.set(publicKey, rank);
      if (before !== undefined && before !== rank)
        changes.push({ kind: 'rank', publicKey, from: before, to: rank });
    }
    for (const publicKey of [...this.ranks.keys()]) if (!mine.has(publicKey)) this.ranks.delete(publicKey);
    return changes;
  }

  /** The voter changes of one delegate since its last reading. */
  votersRead(publicKey: string, now: ReadonlyMap<string, bigint>, threshold: bigint): DelegateChange[] {
    const before = this.voters.get(publicKey);
    this.voters.set(publicKey, new Map(now));
    if (before === undefined) return [];
    const changes: DelegateChange[] = [];
    for (const [address, balance] of now) {
      const was = before.get(address);
      if (was === undefined) changes.push({ kind: 'joined', publicKey, address, balance });
      else if (threshold > 0n && abs(balance - was) >= threshold) {
        changes.push({ kind: 'balance', publicKey, address, from: was, to: balance });
      }
    }
    // A voter beyond the pages read is not one that left: only a reading with room to spare says so.
    const complete = now.size < VOTER_PAGES_MAX * 100;
    if (complete) {
      for (const [address, balance] of before) {
        if (!now.has(address)) changes.push({ kind: 'left', publicKey, address, balance });
      }
    }
    if (changes.length <= VOTER_CHANGES_MAX) return changes;
    // The largest first: those are the ones that move the delegate's weight.
    changes.sort((a, b) => (weight(b) > weight(a) ? 1 : weight(b) < weight(a) ? -1 : 0));
    return [
      ...changes.slice(0, VOTER_CHANGES_MAX),
      { kind: 'more', publicKey, count: changes.length - VOTER_CHANGES_MAX },
    ];
  }

  /** Forgets delegates no longer mine. */
  keepOnly(mine: ReadonlySet<string>): void {
    for (const publicKey of [...this.voters.keys()]) if (!mine.has(publicKey)) this.voters.delete(publicKey);
  }
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

function weight(change: DelegateChange): bigint {
  switch (change.kind) {
    case 'joined':
    case 'left':
      return change.balance;
    case 'balance':
      return abs(change.to - change.from);
    default:
      return 0n;
  }
}
