/**
 * The multisignature server's SQLite store (`votary musig-server`'s own database, not the node's; its SQL lives
 * in core/db with every other statement): one row per proposal by base id,
 * the transaction JSON as last merged, its asset, the sender and the participants' keys for the two look-ups
 * ARK's server indexes (`getTransactionsByPublicKey`: as sender or as participant), and when it arrived — a
 * proposal is purged 24 hours after it arrived, as ARK's `isExpired`. Each row also keeps its size in bytes, how
 * many signatures it needs and has, and per participant whether that participant signed, so the server's limits
 * (core/musig-server/proposals.ts) and a paged list are answered by SQL, never by reading every row.
 */
import Database from 'better-sqlite3';
import {
  transactionToJson,
  type MultiSignatureAsset,
  type TransactionData,
  type TransactionJson,
} from '../../protocol/transactions';

/** A checked proposal to keep (core/musig-server/submission.ts makes it): its base id, transaction and asset. */
export interface ProposalSubmission {
  /** The base id: the id of the transaction without any signature (ARK's `getBaseTransactionId`). */
  storeId: string;
  tx: TransactionData;
  asset: MultiSignatureAsset;
}

/** ARK's server: a proposal expires one day after it arrived. */
export const PROPOSAL_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface StoredProposal {
  /** The base id (no signatures). */
  id: string;
  data: TransactionJson;
  multisigAsset: MultiSignatureAsset;
  /** Unix ms of its arrival (ARK's older servers' `timestamp`). */
  timestamp: number;
  /** Unix seconds of its arrival (ARK's newer servers' `timestampReceived`). */
  timestampReceived: number;
}

/** Which proposals a list answers: those of `publicKey`, seen by `viewers` (one of them takes part), paged. */
export interface ListQuery {
  publicKey: string;
  /** Only proposals one of these keys sends or takes part in. */
  viewers: readonly string[];
  ready?: boolean;
  offset: number;
  limit: number;
}

interface Row {
  id: string;
  data: string;
  asset: string;
  received_at: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS proposals (
  id TEXT PRIMARY KEY,
  sender TEXT NOT NULL,
  data TEXT NOT NULL,
  asset TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS proposals_sender ON proposals (sender);
CREATE INDEX IF NOT EXISTS proposals_received ON proposals (received_at);
CREATE TABLE IF NOT EXISTS participants (
  id TEXT NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  PRIMARY KEY (public_key, id)
);
`;

/** Columns added after the first release: a store written by it gets them, filled from its rows, on open. */
const ADDED = [
  ['proposals', 'bytes', 'INTEGER NOT NULL DEFAULT 0'],
  ['proposals', 'required', 'INTEGER NOT NULL DEFAULT 0'],
  ['proposals', 'signed', 'INTEGER NOT NULL DEFAULT 0'],
  ['participants', 'position', 'INTEGER NOT NULL DEFAULT 0'],
  ['participants', 'signed', 'INTEGER NOT NULL DEFAULT 0'],
] as const;

function fromRow(row: Row): StoredProposal {
  return {
    id: row.id,
    data: JSON.parse(row.data) as TransactionJson,
    multisigAsset: JSON.parse(row.asset) as MultiSignatureAsset,
    timestamp: row.received_at,
    timestampReceived: Math.floor(row.received_at / 1000),
  };
}

/** The participants' positions that signed (`hex2(index) ‖ signature` entries). */
function signedPositions(data: { signatures?: readonly string[] }): Set<number> {
  return new Set((data.signatures ?? []).map((entry) => Number.parseInt(entry.slice(0, 2), 16)));
}

/** ARK's `minRequiredSignatures`: every participant for a registration, `min` for a spend. */
function requiredOf(data: { type?: number; typeGroup?: number }, asset: MultiSignatureAsset): number {
  return (data.typeGroup ?? 1) === 1 && data.type === 4 ? asset.publicKeys.length : asset.min;
}

export class ProposalStore {
  private readonly db: Database.Database;

  /** `path`: a file, or ':memory:'. */
  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
    this.upgrade();
  }

  private upgrade(): void {
    const missing = ADDED.filter(
      ([table, column]) =>
        !this.db
          .prepare<[], { name: string }>(`PRAGMA table_info(${table})`)
          .all()
          .some((c) => c.name === column),
    );
    if (missing.length > 0) {
      this.db.transaction(() => {
        for (const [table, column, type] of missing)
          this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
        const rows = this.db.prepare<[], Row>('SELECT id, data, asset, received_at FROM proposals').all();
        for (const row of rows) this.refresh(row.id, row.data, JSON.parse(row.asset) as MultiSignatureAsset);
      })();
    }
    this.db.exec('CREATE INDEX IF NOT EXISTS participants_open ON participants (public_key, signed)');
  }

  /** Writes a proposal's data with its size, signature count and each participant's signed flag. */
  private refresh(id: string, dataText: string, asset: MultiSignatureAsset): void {
    const data = JSON.parse(dataText) as TransactionJson;
    const signed = signedPositions(data);
    const assetText = JSON.stringify(asset);
    this.db
      .prepare('UPDATE proposals SET data = ?, bytes = ?, required = ?, signed = ? WHERE id = ?')
      .run(dataText, dataText.length + assetText.length, requiredOf(data, asset), signed.size, id);
    const participant = this.db.prepare(
      'UPDATE participants SET position = ?, signed = ? WHERE id = ? AND public_key = ?',
    );
    asset.publicKeys.forEach((key, position) =>
      participant.run(position, signed.has(position) ? 1 : 0, id, key),
    );
  }

  get(id: string): StoredProposal | undefined {
    const row = this.db
      .prepare<[string], Row>('SELECT id, data, asset, received_at FROM proposals WHERE id = ?')
      .get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  /**
   * A page of the proposals a key sends or takes part in, that one of the viewers sends or takes part in: first
   * those it sends, then those it signed, then those waiting for its signature (invitations); oldest first in each.
   */
  list(query: ListQuery): StoredProposal[] {
    const key = query.publicKey.toLowerCase();
    const viewers = query.viewers.map((v) => v.toLowerCase());
    if (viewers.length === 0) return [];
    const marks = viewers.map(() => '?').join(', ');
    const ready =
      query.ready === undefined
        ? ''
        : query.ready
          ? 'AND q.signed >= q.required'
          : 'AND q.signed < q.required';
    return this.db
      .prepare<unknown[], Row>(
        `SELECT q.id, q.data, q.asset, q.received_at,
                CASE WHEN q.sender = ? THEN 0 ELSE 2 - COALESCE(p.signed, 0) END AS rank
           FROM proposals q LEFT JOIN participants p ON p.id = q.id AND p.public_key = ?
          WHERE (q.sender = ? OR p.public_key IS NOT NULL) ${ready}
            AND (q.sender IN (${marks})
                 OR EXISTS (SELECT 1 FROM participants v WHERE v.id = q.id AND v.public_key IN (${marks})))
          ORDER BY rank, q.received_at, q.id
          LIMIT ? OFFSET ?`,
      )
      .all(key, key, key, ...viewers, ...viewers, query.limit, query.offset)
      .map(fromRow);
  }

  /** Whether the key sends or takes part in the proposal. */
  takesPart(id: string, publicKey: string): boolean {
    const key = publicKey.toLowerCase();
    return (
      this.db
        .prepare<[string, string, string, string], { n: number }>(
          `SELECT 1 AS n FROM proposals WHERE id = ? AND sender = ?
           UNION ALL SELECT 1 AS n FROM participants WHERE id = ? AND public_key = ? LIMIT 1`,
        )
        .get(id, key, id, key) !== undefined
    );
  }

  countBySender(senderPublicKey: string): number {
    return this.db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM proposals WHERE sender = ?')
      .get(senderPublicKey.toLowerCase())!.n;
  }

  /** Proposals waiting for this participant's signature that it does not send (invitations). */
  countWaitingFor(publicKey: string): number {
    const key = publicKey.toLowerCase();
    return this.db
      .prepare<[string, string], { n: number }>(
        `SELECT COUNT(*) AS n FROM participants p JOIN proposals q ON q.id = p.id
          WHERE p.public_key = ? AND p.signed = 0 AND q.sender != ?`,
      )
      .get(key, key)!.n;
  }

  /** How many proposals the store holds, and their data's size in bytes. */
  totals(): { count: number; bytes: number } {
    return this.db
      .prepare<[], { count: number; bytes: number }>(
        'SELECT COUNT(*) AS count, COALESCE(SUM(bytes), 0) AS bytes FROM proposals',
      )
      .get()!;
  }

  /** Each sender with its proposals' ids and nonces (for the chain check, core/musig-server/chain-check.ts). */
  senders(limit: number): { sender: string; proposals: { id: string; data: TransactionJson }[] }[] {
    const rows = this.db
      .prepare<[number], { sender: string }>('SELECT DISTINCT sender FROM proposals ORDER BY sender LIMIT ?')
      .all(limit);
    const bySender = this.db.prepare<[string], { id: string; data: string }>(
      'SELECT id, data FROM proposals WHERE sender = ?',
    );
    return rows.map(({ sender }) => ({
      sender,
      proposals: bySender
        .all(sender)
        .map((row) => ({ id: row.id, data: JSON.parse(row.data) as TransactionJson })),
    }));
  }

  /** A new proposal. */
  insert(submission: ProposalSubmission, receivedAt: number): void {
    const { storeId, tx, asset } = submission;
    const dataText = JSON.stringify(transactionToJson(tx));
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO proposals (id, sender, data, asset, received_at) VALUES (?, ?, ?, ?, ?)')
        .run(storeId, tx.senderPublicKey.toLowerCase(), dataText, JSON.stringify(asset), receivedAt);
      const participant = this.db.prepare(
        'INSERT OR IGNORE INTO participants (id, public_key) VALUES (?, ?)',
      );
      for (const key of asset.publicKeys) participant.run(storeId, key);
      this.refresh(storeId, dataText, asset);
    })();
  }

  /** The merged transaction of an existing proposal (its arrival time and asset stay). */
  replaceData(id: string, data: TransactionJson): void {
    const row = this.db
      .prepare<[string], { asset: string }>('SELECT asset FROM proposals WHERE id = ?')
      .get(id);
    if (row === undefined) return;
    this.db.transaction(() =>
      this.refresh(id, JSON.stringify(data), JSON.parse(row.asset) as MultiSignatureAsset),
    )();
  }

  remove(id: string): boolean {
    return this.db.prepare('DELETE FROM proposals WHERE id = ?').run(id).changes > 0;
  }

  /** Drops every proposal that arrived more than 24 hours before `now`; answers how many. */
  purge(now: number): number {
    return this.db.prepare('DELETE FROM proposals WHERE received_at < ?').run(now - PROPOSAL_LIFETIME_MS)
      .changes;
  }

  close(): void {
    this.db.close();
  }
}
