/**
 * A round's forgers as the `rounds` table holds them, read once a round instead of once a block: `applyBlock`
 * checks every block's slot owner against them (validate-block.ts `checkSlotOwner`), and reading 51 rows per block
 * was a measured share of a follower's apply time (docs/design/sync.md "Apply rate"). A round's row set only
 * changes when it is saved (the last block of the round before it) or removed (that block reverted), and a
 * rolled-back SQLite transaction may undo either: the store forgets the cache at each of those.
 */
export class RoundForgers {
  private cached: { round: number; publicKeys: readonly string[] } | undefined;

  constructor(private readonly read: (round: number) => string[]) {}

  /** The round's forgers' public keys in forging order (empty for a round not selected yet: not cached). */
  of(round: number): string[] {
    if (this.cached?.round === round) return [...this.cached.publicKeys];
    const publicKeys = this.read(round);
    if (publicKeys.length > 0) this.cached = { round, publicKeys };
    return [...publicKeys];
  }

  forget(): void {
    this.cached = undefined;
  }
}
