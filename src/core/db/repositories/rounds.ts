import type Database from 'better-sqlite3';

/** Delegates' keys are numbered in `delegate_keys` (migration 008, src/core/db/block-encoding.ts). */
const KEY = '(SELECT public_key FROM delegate_keys WHERE id = delegate_id)';
const KEY_ID = '(SELECT id FROM delegate_keys WHERE public_key = ?)';

export interface RoundSlot {
  publicKey: string;
  voteBalance: bigint;
}

/**
 * The rounds table (a round's forgers in forging order, as ARK's) and round_ranks (the full ranking taken at
 * the round start: what reverting the round's first block restores the delegates' ranks to).
 */
export class RoundRepository {
  private readonly insertKey;
  private readonly forgers;
  private readonly ranking;
  private readonly insertForger;
  private readonly insertRank;
  private readonly deleteForgers;
  private readonly deleteRanks;
  private readonly lastActive;
  private readonly allForgers;

  constructor(db: Database.Database) {
    this.insertKey = db.prepare<[string]>(
      'INSERT INTO delegate_keys (public_key) VALUES (?) ON CONFLICT (public_key) DO NOTHING',
    );
    this.forgers = db.prepare<[number], { public_key: string; vote_balance: bigint }>(
      `SELECT ${KEY} AS public_key, vote_balance FROM rounds WHERE round = ? ORDER BY position`,
    );
    this.ranking = db.prepare<[number], { public_key: string; vote_balance: bigint }>(
      `SELECT ${KEY} AS public_key, vote_balance FROM round_ranks WHERE round = ? ORDER BY rank`,
    );
    this.insertForger = db.prepare<[number, number, string, bigint]>(
      `INSERT INTO rounds (round, position, delegate_id, vote_balance) VALUES (?, ?, ${KEY_ID}, ?)`,
    );
    this.insertRank = db.prepare<[number, number, string, bigint]>(
      `INSERT INTO round_ranks (round, rank, delegate_id, vote_balance) VALUES (?, ?, ${KEY_ID}, ?)`,
    );
    this.deleteForgers = db.prepare<[number]>('DELETE FROM rounds WHERE round = ?');
    this.deleteRanks = db.prepare<[number]>('DELETE FROM round_ranks WHERE round = ?');
    this.lastActive = db.prepare<[string, number], { round: bigint | null }>(
      `SELECT max(round) AS round FROM rounds WHERE delegate_id = ${KEY_ID} AND round <= ?`,
    );
    this.allForgers = db.prepare<[], { round: bigint; public_key: string; vote_balance: bigint }>(
      `SELECT round, ${KEY} AS public_key, vote_balance FROM rounds ORDER BY round, position`,
    );
  }

  forgersOf(round: number): RoundSlot[] {
    return this.forgers
      .all(round)
      .map((row) => ({ publicKey: row.public_key, voteBalance: row.vote_balance }));
  }

  rankingOf(round: number): RoundSlot[] {
    return this.ranking
      .all(round)
      .map((row) => ({ publicKey: row.public_key, voteBalance: row.vote_balance }));
  }

  save(round: number, forgers: readonly RoundSlot[], ranking: readonly RoundSlot[]): void {
    for (const slot of ranking) this.insertKey.run(slot.publicKey);
    for (const slot of forgers) this.insertKey.run(slot.publicKey);
    forgers.forEach((slot, position) =>
      this.insertForger.run(round, position, slot.publicKey, slot.voteBalance),
    );
    ranking.forEach((slot, index) => this.insertRank.run(round, index + 1, slot.publicKey, slot.voteBalance));
  }

  remove(round: number): void {
    this.deleteForgers.run(round);
    this.deleteRanks.run(round);
  }

  /** The last round up to `round` in which a delegate forged (its `round` attribute then). */
  lastActiveRound(publicKey: string, round: number): number | undefined {
    const value = this.lastActive.get(publicKey, round)?.round;
    return value == null ? undefined : Number(value);
  }

  /** Every round's forgers (for `verifyChain`). */
  all(): { round: number; publicKey: string; voteBalance: bigint }[] {
    return this.allForgers.all().map((row) => ({
      round: Number(row.round),
      publicKey: row.public_key,
      voteBalance: row.vote_balance,
    }));
  }
}
