/**
 * Deep pages of lists in chain order without OFFSET: the row of a given rank (1 = the oldest) found from the
 * nearest kept mark at or below it (migration 012) and a walk of fewer than MARK_EVERY index entries. A page
 * then starts at that row's position, so its cost is the same at any depth and any chain length.
 */
import type { StatementCache } from './sql/statement-cache';

/** The height of a generator's block of `rank` (1 = the first it forged); undefined past its last block. */
export function generatorHeightAtRank(
  sql: StatementCache,
  publicKey: string,
  rank: number,
): number | undefined {
  if (rank < 1) return undefined;
  const generator = sql.get1<{ id: bigint }>('SELECT id FROM delegate_keys WHERE public_key = ?', [
    publicKey,
  ]);
  if (generator === undefined) return undefined;
  const mark = sql.get1<{ height: bigint; ordinal: bigint }>(
    `SELECT height, ordinal FROM api_generator_marks WHERE generator_id = ? AND ordinal <= ?
      ORDER BY ordinal DESC LIMIT 1`,
    [generator.id, rank],
  );
  // From the mark (its own rank) or, below the first mark, from the generator's first block (rank 1).
  const [from, fromRank] = mark === undefined ? [0n, 1] : [mark.height, Number(mark.ordinal)];
  const row = sql.get1<{ height: bigint }>(
    'SELECT height FROM blocks WHERE generator_id = ? AND height >= ? ORDER BY height LIMIT 1 OFFSET ?',
    [generator.id, from, rank - fromRank],
  );
  return row === undefined ? undefined : Number(row.height);
}

/** A transaction's place in the chain: the order of every transaction list by default. */
export interface ChainPosition {
  blockHeight: number;
  sequence: number;
}

/** Every transaction, or the transactions of one type. */
export type TransactionList = 'all' | { typeGroup: number; type: number };

/** The position of the transaction of `rank` (1 = the oldest) in `list`; undefined past its last. */
export function transactionAtRank(
  sql: StatementCache,
  list: TransactionList,
  rank: number,
): ChainPosition | undefined {
  if (rank < 1) return undefined;
  const typed = list !== 'all';
  const scope = typed ? 'type_group = ? AND type = ? AND ' : '';
  const scopeParams = typed ? [list.typeGroup, list.type] : [];
  const mark = sql.get1<{ block_height: bigint; sequence: bigint; ordinal: bigint }>(
    `SELECT block_height, sequence, ordinal FROM ${typed ? 'api_type_marks' : 'api_transaction_marks'}
      WHERE ${scope}ordinal <= ? ORDER BY ordinal DESC LIMIT 1`,
    [...scopeParams, rank],
  );
  const [height, sequence, fromRank] =
    mark === undefined ? [0n, 0n, 1] : [mark.block_height, mark.sequence, Number(mark.ordinal)];
  // The walk is of the index that orders the list: the type's (type_group, type, block_height, sequence) or the
  // chain's (block_height, sequence).
  const row = sql.get1<{ block_height: bigint; sequence: bigint }>(
    `SELECT block_height, sequence FROM transactions
      WHERE ${scope}(block_height, sequence) >= (?, ?) ORDER BY block_height, sequence LIMIT 1 OFFSET ?`,
    [...scopeParams, height, sequence, rank - fromRank],
  );
  return row === undefined
    ? undefined
    : { blockHeight: Number(row.block_height), sequence: Number(row.sequence) };
}
