/**
 * The multisignature server's SQLite store (`votary musig-server`'s own database, not the node's; its SQL lives
 * in core/db with every other statement): one row per proposal by base id,
 * the transaction JSON as last merged, its asset, the sender and the participants' keys for the two look-ups
 * ARK's server indexes (`getTransactionsByPublicKey`: as sender or as participant), and when it arrived — a
 * proposal is purged 24 hours after it arrived, as ARK's `isExpired`.
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

function fromRow(row: Row): StoredProposal {
  return {
    id: row.id,
    data: JSON.parse(row.data) as TransactionJson,
    multisigAsset: JSON.parse(row.asset) as MultiSignatureAsset,
    timestamp: row.received_at,
    timestampReceived: Math.floor(row.received_at / 1000),
  };
}

export class ProposalStore {
  private readonly db: Database.Database;

  /** `path`: a file, or ':memory:'. */
  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
  }

  get(id: string): StoredProposal | undefined {
    const row = this.db
      .prepare<[string], Row>('SELECT id, data, asset, received_at FROM proposals WHERE id = ?')
      .get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  /** Proposals this key sends or takes part in, oldest first. */
  byPublicKey(publicKey: string): StoredProposal[] {
    const key = publicKey.toLowerCase();
    return this.db
      .prepare<[string, string], Row>(
        `SELECT id, data, asset, received_at FROM proposals
          WHERE sender = ? OR id IN (SELECT id FROM participants WHERE public_key = ?)
          ORDER BY received_at, id`,
      )
      .all(key, key)
      .map(fromRow);
  }

  countBySender(senderPublicKey: string): number {
    return this.db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM proposals WHERE sender = ?')
      .get(senderPublicKey.toLowerCase())!.n;
  }

  /** A new proposal. */
  insert(submission: ProposalSubmission, receivedAt: number): void {
    const { storeId, tx, asset } = submission;
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO proposals (id, sender, data, asset, received_at) VALUES (?, ?, ?, ?, ?)')
        .run(
          storeId,
          tx.senderPublicKey.toLowerCase(),
          JSON.stringify(transactionToJson(tx)),
          JSON.stringify(asset),
          receivedAt,
        );
      const participant = this.db.prepare(
        'INSERT OR IGNORE INTO participants (id, public_key) VALUES (?, ?)',
      );
      for (const key of asset.publicKeys) participant.run(storeId, key);
    })();
  }

  /** The merged transaction of an existing proposal (its arrival time stays). */
  replaceData(id: string, data: TransactionJson): void {
    this.db.prepare('UPDATE proposals SET data = ? WHERE id = ?').run(JSON.stringify(data), id);
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
