/**
 * The blocks the monitor has seen and the slots it derived as missed, per network.
 * Rows older than a week (plus a day of margin for the week window) are dropped; `coverage` remembers where the
 * unbroken run of recorded blocks starts, so productivity can say how far back its figures really go.
 */
import type Database from 'better-sqlite3';

export interface LedgerBlock {
  height: number;
  id: string;
  slot: number;
  /** Unix ms of the block's timestamp (its slot start). */
  at: number;
  generator: string;
}

export interface LedgerMissedSlot {
  slot: number;
  round: number;
  at: number;
  publicKey: string;
  /** Height of the block that closed the gap. */
  height: number;
}

export interface DelegateTally {
  publicKey: string;
  produced: number;
  missed: number;
  lastHeight?: number;
  lastAt?: number;
}

export const LEDGER_MAX_AGE_MS = 8 * 24 * 3_600_000;

interface TallyRow {
  public_key: string;
  produced: number;
  missed: number;
}

export class Ledger {
  private readonly putBlock: Database.Statement<[string, number, string, number, number, string]>;
  private readonly putMissed: Database.Statement<[string, number, number, number, string, number]>;
  private readonly getTip: Database.Statement<[string], LedgerBlock>;
  private readonly getBlock: Database.Statement<[string, number], LedgerBlock>;
  private readonly blocksFrom: Database.Statement<[string, number, number], LedgerBlock>;
  private readonly dropBlocksAbove: Database.Statement<[string, number]>;
  private readonly dropMissedAbove: Database.Statement<[string, number]>;
  private readonly getCoverage: Database.Statement<[string], { from_height: number }>;
  private readonly setCoverage: Database.Statement<[string, number]>;
  private readonly tally: Database.Statement<[{ network: string; from: number; to: number }], TallyRow>;
  private readonly lastBlocks: Database.Statement<
    [string, number],
    { generator: string; height: number; at: number }
  >;
  private readonly missedList: Database.Statement<[string, number], MissedRow>;
  private readonly missedOf: Database.Statement<[string, string, number], MissedRow>;
  private readonly missedSince: Database.Statement<[string, number], MissedRow>;
  private readonly putName: Database.Statement<[string, string, string]>;
  private readonly names: Database.Statement<[string], { public_key: string; username: string }>;
  private readonly expireBlocks: Database.Statement<[number]>;
  private readonly expireMissed: Database.Statement<[number]>;
  private readonly oldest: Database.Statement<[string], { height: number | null }>;

  constructor(private readonly db: Database.Database) {
    const blockColumns = 'height, id, slot, at, generator';
    this.putBlock = db.prepare(
      'INSERT OR REPLACE INTO blocks (network_id, height, id, slot, at, generator) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.putMissed = db.prepare(
      `INSERT OR REPLACE INTO missed_slots (network_id, slot, round, at, public_key, height)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.getTip = db.prepare(
      `SELECT ${blockColumns} FROM blocks WHERE network_id = ? ORDER BY height DESC LIMIT 1`,
    );
    this.getBlock = db.prepare(`SELECT ${blockColumns} FROM blocks WHERE network_id = ? AND height = ?`);
    this.blocksFrom = db.prepare(
      `SELECT ${blockColumns} FROM blocks WHERE network_id = ? AND height >= ? ORDER BY height LIMIT ?`,
    );
    this.dropBlocksAbove = db.prepare('DELETE FROM blocks WHERE network_id = ? AND height > ?');
    this.dropMissedAbove = db.prepare('DELETE FROM missed_slots WHERE network_id = ? AND height > ?');
    this.getCoverage = db.prepare('SELECT from_height FROM coverage WHERE network_id = ?');
    this.setCoverage = db.prepare('INSERT OR REPLACE INTO coverage (network_id, from_height) VALUES (?, ?)');
    this.tally = db.prepare(
      `SELECT public_key, sum(produced) AS produced, sum(missed) AS missed FROM (
         SELECT generator AS public_key, 1 AS produced, 0 AS missed FROM blocks
           WHERE network_id = @network AND at >= @from AND at < @to
         UNION ALL
         SELECT public_key, 0, 1 FROM missed_slots
           WHERE network_id = @network AND at >= @from AND at < @to
       ) GROUP BY public_key`,
    );
    this.lastBlocks = db.prepare(
      `SELECT generator, max(height) AS height, at FROM blocks
       WHERE network_id = ? AND at >= ? GROUP BY generator`,
    );
    const missedColumns = 'slot, round, at, public_key, height';
    this.missedList = db.prepare(
      `SELECT ${missedColumns} FROM missed_slots WHERE network_id = ? ORDER BY slot DESC LIMIT ?`,
    );
    this.missedOf = db.prepare(
      `SELECT ${missedColumns} FROM missed_slots WHERE network_id = ? AND public_key = ?
       ORDER BY slot DESC LIMIT ?`,
    );
    this.missedSince = db.prepare(
      `SELECT ${missedColumns} FROM missed_slots WHERE network_id = ? AND height > ? ORDER BY slot`,
    );
    this.putName = db.prepare(
      'INSERT OR REPLACE INTO usernames (network_id, public_key, username) VALUES (?, ?, ?)',
    );
    this.names = db.prepare('SELECT public_key, username FROM usernames WHERE network_id = ?');
    this.expireBlocks = db.prepare('DELETE FROM blocks WHERE at < ?');
    this.expireMissed = db.prepare('DELETE FROM missed_slots WHERE at < ?');
    this.oldest = db.prepare('SELECT min(height) AS height FROM blocks WHERE network_id = ?');
  }

  tip(network: string): LedgerBlock | undefined {
    return this.getTip.get(network);
  }

  block(network: string, height: number): LedgerBlock | undefined {
    return this.getBlock.get(network, height);
  }

  blocks(network: string, fromHeight: number, limit: number): LedgerBlock[] {
    return this.blocksFrom.all(network, fromHeight, limit);
  }

  /**
   * Records blocks (consecutive, after the tip) and the slots missed before each, in one transaction. A
   * `restart` starts a new unbroken run (nothing recorded links to the first block), so coverage restarts.
   */
  record(
    network: string,
    blocks: readonly LedgerBlock[],
    missed: readonly LedgerMissedSlot[],
    restart: boolean,
  ): void {
    const first = blocks[0];
    if (first === undefined) return;
    this.db.transaction(() => {
      if (restart) {
        this.dropBlocksAbove.run(network, 0);
        this.dropMissedAbove.run(network, 0);
        this.setCoverage.run(network, first.height);
      }
      for (const block of blocks) {
        this.putBlock.run(network, block.height, block.id, block.slot, block.at, block.generator);
      }
      for (const slot of missed) {
        this.putMissed.run(network, slot.slot, slot.round, slot.at, slot.publicKey, slot.height);
      }
    })();
  }

  /** Forgets what lies above `height` (the node reverted or the monitor saw a fork). */
  truncate(network: string, height: number): void {
    this.db.transaction(() => {
      this.dropBlocksAbove.run(network, height);
      this.dropMissedAbove.run(network, height);
    })();
  }

  /** First height of the unbroken recorded run, if any. */
  coveredFrom(network: string): number | undefined {
    return this.getCoverage.get(network)?.from_height;
  }

  /** Produced and missed per delegate with `from <= at < to`. */
  tallies(network: string, from: number, to: number): Map<string, DelegateTally> {
    const out = new Map<string, DelegateTally>();
    for (const row of this.tally.all({ network, from, to })) {
      out.set(row.public_key, { publicKey: row.public_key, produced: row.produced, missed: row.missed });
    }
    for (const row of this.lastBlocks.all(network, 0)) {
      const entry = out.get(row.generator);
      if (entry !== undefined) {
        entry.lastHeight = row.height;
        entry.lastAt = row.at;
      }
    }
    return out;
  }

  /** Each generator's last recorded block. */
  lastBlockByGenerator(network: string): Map<string, { height: number; at: number }> {
    return new Map(
      this.lastBlocks.all(network, 0).map((row) => [row.generator, { height: row.height, at: row.at }]),
    );
  }

  missed(network: string, limit: number, publicKey?: string): LedgerMissedSlot[] {
    const rows =
      publicKey === undefined
        ? this.missedList.all(network, limit)
        : this.missedOf.all(network, publicKey, limit);
    return rows.map(missedOf);
  }

  /** Missed slots closed by blocks above `height`, oldest first (what a new batch of blocks added). */
  missedAbove(network: string, height: number): LedgerMissedSlot[] {
    return this.missedSince.all(network, height).map(missedOf);
  }

  rememberUsername(network: string, publicKey: string, username: string): void {
    this.putName.run(network, publicKey, username);
  }

  usernames(network: string): Map<string, string> {
    return new Map(this.names.all(network).map((row) => [row.public_key, row.username]));
  }

  /** Drops rows older than LEDGER_MAX_AGE_MS and moves each network's coverage start up accordingly. */
  prune(now: number, networks: readonly string[]): void {
    this.db.transaction(() => {
      this.expireBlocks.run(now - LEDGER_MAX_AGE_MS);
      this.expireMissed.run(now - LEDGER_MAX_AGE_MS);
      for (const network of networks) {
        const oldest = this.oldest.get(network)?.height ?? null;
        const covered = this.coveredFrom(network);
        if (oldest !== null && covered !== undefined && oldest > covered)
          this.setCoverage.run(network, oldest);
      }
    })();
  }
}

interface MissedRow {
  slot: number;
  round: number;
  at: number;
  public_key: string;
  height: number;
}

function missedOf(row: MissedRow): LedgerMissedSlot {
  return { slot: row.slot, round: row.round, at: row.at, publicKey: row.public_key, height: row.height };
}
