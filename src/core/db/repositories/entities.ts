import type Database from 'better-sqlite3';
import type { Entity, EntityData } from '../../domain';

/** The row as SQLite returns it (safeIntegers: INTEGER columns are bigint). */
export interface EntityRow {
  id: string;
  address: string;
  public_key: string;
  type: bigint;
  sub_type: bigint;
  name: string;
  ipfs_data: string | null;
  resigned: bigint;
  data_history: string;
}

/** The entities table (Entity register / update / resign) and the ipfs_hashes table (IPFS transactions). */
export class EntityRepository {
  private readonly byId;
  private readonly byName;
  private readonly everything;
  private readonly upsert;
  private readonly remove;
  private readonly ipfsByHash;
  private readonly ipfsAll;
  private readonly ipfsUpsert;
  private readonly ipfsRemove;

  constructor(db: Database.Database) {
    this.byId = db.prepare<[string], EntityRow>('SELECT * FROM entities WHERE id = ?');
    this.byName = db.prepare<[number, string], { id: string }>(
      'SELECT id FROM entities WHERE type = ? AND name = ?',
    );
    this.everything = db.prepare<[], EntityRow>('SELECT * FROM entities ORDER BY id');
    this.upsert = db.prepare<[string, string, string, number, number, string, string | null, number, string]>(
      `INSERT OR REPLACE INTO entities (id, address, public_key, type, sub_type, name, ipfs_data, resigned,
         data_history) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM entities WHERE id = ?');
    this.ipfsByHash = db.prepare<[string], { address: string }>(
      'SELECT address FROM ipfs_hashes WHERE hash = ?',
    );
    this.ipfsAll = db.prepare<[], { hash: string; address: string }>(
      'SELECT hash, address FROM ipfs_hashes ORDER BY hash',
    );
    this.ipfsUpsert = db.prepare<[string, string]>(
      'INSERT OR REPLACE INTO ipfs_hashes (hash, address) VALUES (?, ?)',
    );
    this.ipfsRemove = db.prepare<[string]>('DELETE FROM ipfs_hashes WHERE hash = ?');
  }

  get(id: string): Entity | undefined {
    const row = this.byId.get(id);
    return row && entityFromRow(row);
  }

  idByName(type: number, name: string): string | undefined {
    return this.byName.get(type, name)?.id;
  }

  all(): Entity[] {
    return this.everything.all().map(entityFromRow);
  }

  save(id: string, entity: Readonly<Entity> | null): void {
    if (entity === null) {
      this.remove.run(id);
      return;
    }
    this.upsert.run(
      entity.id,
      entity.address,
      entity.publicKey,
      entity.type,
      entity.subType,
      entity.data.name,
      entity.data.ipfsData ?? null,
      entity.resigned ? 1 : 0,
      JSON.stringify(entity.dataHistory),
    );
  }

  ipfsOwner(hash: string): string | undefined {
    return this.ipfsByHash.get(hash)?.address;
  }

  ipfsHashes(): { hash: string; address: string }[] {
    return this.ipfsAll.all();
  }

  saveIpfs(hash: string, address: string | undefined): void {
    if (address === undefined) this.ipfsRemove.run(hash);
    else this.ipfsUpsert.run(hash, address);
  }
}

/** An entity row without its update history (what the read model selects) as the chain state's entity. */
export function entityViewFromRow(row: Omit<EntityRow, 'data_history'>): Omit<Entity, 'dataHistory'> {
  const data: EntityData = { name: row.name };
  if (row.ipfs_data !== null) data.ipfsData = row.ipfs_data;
  return {
    id: row.id,
    address: row.address,
    publicKey: row.public_key,
    type: Number(row.type),
    subType: Number(row.sub_type),
    data,
    resigned: row.resigned === 1n,
  };
}

function entityFromRow(row: EntityRow): Entity {
  return { ...entityViewFromRow(row), dataHistory: JSON.parse(row.data_history) as EntityData[] };
}
