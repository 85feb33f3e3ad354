/**
 * What the pending list (pending-tracker.ts) keeps of remote nodes' claims that a transaction is in a block
 * (docs/design/security.md "Remote nodes"): when a read last found a claim true, and how many checks in a row found
 * it in no block. A claim is read again until a read finds a round of blocks on top of it, and dropped only after
 * CLAIM_MISSES misses in a row.
 */
import { milestoneAt } from '../../protocol/networks';
import type { PendingRecord } from './pending-store';

/**
 * Checks in a row (one a block) that must find a remote node's claimed transaction in no block before the claim is
 * dropped: one lagging peer's answer is not the network's.
 */
export const CLAIM_MISSES = 3;

type Network = Parameters<typeof milestoneAt>[0];

export class RemoteClaims {
  /** The tip of the check whose read last found a remote node's claimed transaction in its block. */
  private readonly lastRead = new Map<string, number>();
  /** Checks in a row that found a remote node's claimed transaction in no block (CLAIM_MISSES). */
  private readonly misses = new Map<string, number>();

  /** `networkOf`: the network an entry is on, for its round (activeDelegates) at a height. */
  constructor(private readonly networkOf: (networkId: string) => Network) {}

  /** The read at the check of `tip` found the claim about `id` true. */
  readTrue(id: string, tip: number): void {
    this.lastRead.set(id, tip);
  }

  /** Nothing is known of a read of `id` any more (it left the list, was confirmed here, or reverted). */
  forgetRead(id: string): void {
    this.lastRead.delete(id);
  }

  /** Keeps only what is known of the ids still on the list. */
  keepReads(onList: (id: string) => boolean): void {
    for (const id of this.lastRead.keys()) if (!onList(id)) this.lastRead.delete(id);
  }

  /**
   * One more check found the claim about `id` in no block: true once CLAIM_MISSES checks in a row did (the claim is
   * to be dropped), false while fewer have.
   */
  missed(id: string): boolean {
    const misses = (this.misses.get(id) ?? 0) + 1;
    if (misses < CLAIM_MISSES) {
      this.misses.set(id, misses);
      return false;
    }
    return true;
  }

  /** The misses of `id` counted so far no longer count (a read found it, or its claim was dropped). */
  clearMisses(id: string): void {
    this.misses.delete(id);
  }

  /**
   * A remote's claim is read again until a read finds a round of blocks on top of it (the network's activeDelegates
   * at that height, 51 on ARK's networks): every active delegate has forged on that chain since, and the reads of
   * one transaction stay bounded. A claim not read in this process (a restart) is read again.
   */
  unsettled(entry: PendingRecord): boolean {
    if (
      entry.status !== 'confirmed' ||
      entry.reportedBy === undefined ||
      entry.confirmedHeight === undefined
    ) {
      return false;
    }
    const readAt = this.lastRead.get(entry.id);
    if (readAt === undefined) return true;
    const round = milestoneAt(this.networkOf(entry.networkId), entry.confirmedHeight).activeDelegates;
    return readAt - entry.confirmedHeight + 1 < round;
  }
}
