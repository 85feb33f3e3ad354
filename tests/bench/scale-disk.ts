/**
 * Where a chain database's bytes are (bench:scale): SQLite's `dbstat` table gives the pages of every table and
 * index; each index is counted with its table. Bytes per block are the blocks table and its indexes (and the
 * delegate_keys table) over the block count; bytes per transaction the transactions table, its indexes and the
 * multipayment recipients over the transaction count.
 */
import type { openDatabase } from '../../src/core/db';

export interface DiskReport {
  fileBytes: number;
  byTable: Map<string, number>;
  blocks: number;
  transactions: number;
  bytesPerBlock: number;
  bytesPerTransaction: number;
}

const BLOCK_TABLES = ['blocks', 'delegate_keys'];
const TRANSACTION_TABLES = ['transactions', 'transaction_recipients'];

export function diskReport(db: ReturnType<typeof openDatabase>): DiskReport {
  const rows = db
    .prepare<[], { table_name: string; bytes: bigint }>(
      `SELECT coalesce(m.tbl_name, s.name) AS table_name, sum(s.pgsize) AS bytes
         FROM dbstat s LEFT JOIN sqlite_master m ON m.name = s.name
        GROUP BY table_name`,
    )
    .all();
  const byTable = new Map(rows.map((row) => [row.table_name, Number(row.bytes)]));
  const sum = (names: readonly string[]) =>
    names.reduce((total, name) => total + (byTable.get(name) ?? 0), 0);
  const count = (sql: string) => Number(db.prepare<[], { n: bigint }>(sql).get()?.n ?? 0n);
  const blocks = count('SELECT count(*) AS n FROM blocks');
  const transactions = count('SELECT count(*) AS n FROM transactions');
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  const pageCount = Number(db.pragma('page_count', { simple: true }));
  return {
    fileBytes: pageSize * pageCount,
    byTable,
    blocks,
    transactions,
    bytesPerBlock: sum(BLOCK_TABLES) / Math.max(1, blocks),
    bytesPerTransaction: sum(TRANSACTION_TABLES) / Math.max(1, transactions),
  };
}
