/**
 * Node health samples (the "Node health" charts): one row per poll, thinned with age so that a week
 * of monitoring stays small — full resolution for the last hour, one sample a minute up to a day, one every ten
 * minutes up to a week, nothing older (retention below). With a 2 s poll that is at most ~1,800 + 1,440 + 864
 * rows per node instead of ~300,000.
 */
import type Database from 'better-sqlite3';

export interface SampleRow {
  at: number;
  height?: number;
  lagBlocks?: number;
  /** Milliseconds between the node's last two blocks seen. */
  intervalMs?: number;
  latencyMs?: number;
  reachable: boolean;
}

interface DbSample {
  at: number;
  height: number | null;
  lag: number | null;
  interval_ms: number | null;
  latency_ms: number | null;
  reachable: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const SAMPLE_RETENTION = [
  /** [older than, keep one per bucket of] */
  { olderThanMs: HOUR_MS, bucketMs: 60_000 },
  { olderThanMs: DAY_MS, bucketMs: 600_000 },
] as const;
export const SAMPLE_MAX_AGE_MS = 7 * DAY_MS;

export class SampleStore {
  private readonly insert: Database.Statement<[string, string, number, ...(number | null)[]]>;
  private readonly select: Database.Statement<[string, string, number, number], DbSample>;
  private readonly thin: Database.Statement<[{ from: number; to: number; bucket: number }]>;
  private readonly expire: Database.Statement<[number]>;
  private readonly dropNode: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare(
      `INSERT INTO samples (network_id, node_id, at, height, lag, interval_ms, latency_ms, reachable)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.select = db.prepare(
      `SELECT at, height, lag, interval_ms, latency_ms, reachable FROM samples
       WHERE network_id = ? AND node_id = ? AND at >= ? ORDER BY at LIMIT ?`,
    );
    // Keeps the first sample of each (node, bucket) in the age band [from, to); the rest go.
    this.thin = db.prepare(
      `DELETE FROM samples WHERE at >= @from AND at < @to AND id NOT IN (
         SELECT min(id) FROM samples WHERE at >= @from AND at < @to
         GROUP BY network_id, node_id, at / CAST(@bucket AS INTEGER))`,
    );
    this.expire = db.prepare('DELETE FROM samples WHERE at < ?');
    this.dropNode = db.prepare('DELETE FROM samples WHERE network_id = ? AND node_id = ?');
  }

  add(networkId: string, nodeId: string, sample: SampleRow): void {
    this.insert.run(
      networkId,
      nodeId,
      sample.at,
      sample.height ?? null,
      sample.lagBlocks ?? null,
      sample.intervalMs ?? null,
      sample.latencyMs === undefined ? null : Math.round(sample.latencyMs),
      sample.reachable ? 1 : 0,
    );
  }

  list(networkId: string, nodeId: string, since: number, limit = 5_000): SampleRow[] {
    return this.select.all(networkId, nodeId, since, limit).map((row) => ({
      at: row.at,
      ...(row.height === null ? {} : { height: row.height }),
      ...(row.lag === null ? {} : { lagBlocks: row.lag }),
      ...(row.interval_ms === null ? {} : { intervalMs: row.interval_ms }),
      ...(row.latency_ms === null ? {} : { latencyMs: row.latency_ms }),
      reachable: row.reachable === 1,
    }));
  }

  forget(networkId: string, nodeId: string): void {
    this.dropNode.run(networkId, nodeId);
  }

  /** Thins and expires old samples (retention above). */
  prune(now: number): void {
    let to = now - SAMPLE_RETENTION[0].olderThanMs;
    for (let i = 0; i < SAMPLE_RETENTION.length; i++) {
      const band = SAMPLE_RETENTION[i]!;
      const from =
        i + 1 < SAMPLE_RETENTION.length
          ? now - SAMPLE_RETENTION[i + 1]!.olderThanMs
          : now - SAMPLE_MAX_AGE_MS;
      this.thinBand(from, to, band.bucketMs);
      to = from;
    }
    this.expire.run(now - SAMPLE_MAX_AGE_MS);
  }

  private thinBand(from: number, to: number, bucketMs: number): void {
    if (to <= from) return;
    this.thin.run({ from, to, bucket: bucketMs });
  }
}
