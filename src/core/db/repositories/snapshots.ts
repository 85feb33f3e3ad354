import { hexText } from '../block-encoding';
import type Database from 'better-sqlite3';

export interface SnapshotRow {
  name: string;
  height: number;
  blockId: string;
  /** Unix milliseconds. */
  createdAt: number;
}

export interface ArchivedBlock {
  id: string;
  height: number;
  previousBlock: string;
  serialized: Uint8Array;
}

/**
 * The localnet snapshots and the archive of reverted blocks they still need (migration 006,
 * docs/design/node.md "Localnet controls").
 */
export class SnapshotRepository {
  private readonly selectAll;
  private readonly selectOne;
  private readonly insertOne;
  private readonly deleteOne;
  private readonly selectArchived;
  private readonly insertArchived;
  private readonly selectArchivedIds;
  private readonly deleteArchived;
  private readonly chainId;

  constructor(db: Database.Database) {
    this.selectAll = db.prepare<[], RawSnapshot>(
      'SELECT name, height, block_id, created_at FROM localnet_snapshots ORDER BY height, created_at',
    );
    this.selectOne = db.prepare<[string], RawSnapshot>(
      'SELECT name, height, block_id, created_at FROM localnet_snapshots WHERE name = ?',
    );
    this.insertOne = db.prepare<[string, number, string, number]>(
      'INSERT INTO localnet_snapshots (name, height, block_id, created_at) VALUES (?, ?, ?, ?)',
    );
    this.deleteOne = db.prepare<[string]>('DELETE FROM localnet_snapshots WHERE name = ?');
    this.selectArchived = db.prepare<[string], RawArchived>(
      'SELECT id, height, previous_block, serialized FROM snapshot_blocks WHERE id = ?',
    );
    this.insertArchived = db.prepare<[string, number, string, Uint8Array]>(
      'INSERT OR IGNORE INTO snapshot_blocks (id, height, previous_block, serialized) VALUES (?, ?, ?, ?)',
    );
    this.selectArchivedIds = db.prepare<[], { id: string }>('SELECT id FROM snapshot_blocks');
    this.deleteArchived = db.prepare<[string]>('DELETE FROM snapshot_blocks WHERE id = ?');
    this.chainId = db.prepare<[number], { id: string }>(
      `SELECT ${hexText('id')} AS id FROM blocks WHERE height = ?`,
    );
  }

  all(): SnapshotRow[] {
    return this.selectAll.all().map(snapshotRow);
  }

  get(name: string): SnapshotRow | undefined {
    const row = this.selectOne.get(name);
    return row && snapshotRow(row);
  }

  insert(row: SnapshotRow): void {
    this.insertOne.run(row.name, row.height, row.blockId, row.createdAt);
  }

  delete(name: string): boolean {
    return this.deleteOne.run(name).changes > 0;
  }

  archived(id: string): ArchivedBlock | undefined {
    const row = this.selectArchived.get(id);
    return (
      row && {
        id: row.id,
        height: Number(row.height),
        previousBlock: row.previous_block,
        serialized: row.serialized,
      }
    );
  }

  archive(block: ArchivedBlock): void {
    this.insertArchived.run(block.id, block.height, block.previousBlock, block.serialized);
  }

  archivedIds(): string[] {
    return this.selectArchivedIds.all().map((row) => row.id);
  }

  unarchive(id: string): void {
    this.deleteArchived.run(id);
  }

  /** The id of the chain's block at a height (undefined above the tip). */
  chainBlockId(height: number): string | undefined {
    return this.chainId.get(height)?.id;
  }
}

interface RawSnapshot {
  name: string;
  height: bigint;
  block_id: string;
  created_at: bigint;
}

interface RawArchived {
  id: string;
  height: bigint;
  previous_block: string;
  serialized: Uint8Array;
}

function snapshotRow(row: RawSnapshot): SnapshotRow {
  return {
    name: row.name,
    height: Number(row.height),
    blockId: row.block_id,
    createdAt: Number(row.created_at),
  };
}
