/**
 * Block queries of the public API (ark-core-api.md §6.2): criteria, sort columns and lookups over the `blocks`
 * table. Heights are contiguous from 1, so an unfiltered total is the chain height; block timestamps strictly
 * increase with height (every block is in a later slot than its parent), so sorting by timestamp is sorting by
 * height, which the primary key serves.
 */
import {
  blockRowColumns,
  blockRowFrom,
  generatorKey,
  payloadHashBlob,
  previousBlockStored,
  storedHex,
} from '../block-encoding';
import type { BlockHeader } from '../../protocol/blocks';
import { headerFromRow, type BlockRow } from '../repositories/blocks';
import type { ReadContext } from './context';
import {
  criteriaFilter,
  columnCriterion,
  rangeCriterion,
  listOf,
  type CriteriaSet,
  type Criterion,
} from './query/criteria';
import { dbOrderBy, type DbSortColumns, type SortItem } from './query/order-by';
import { orderByOf, type ListRequest, type ListWindow } from './list-request';
import { blockId, hex, integer, orList, publicKey, type JsonSchema } from './values';
import { fragment, inList, placeholders, type SqlFragment } from './sql/filter';
import { runPage, type PageRows } from './sql/page-query';
import { timestampAsHeight } from './timestamps';

/** A stored block's header: every block the read model answers has its id and signature. */
export type StoredBlock = BlockHeader & { id: string; blockSignature: string };

function storedBlock(row: BlockRow): StoredBlock {
  return headerFromRow(row) as StoredBlock;
}

/** A block row's columns as `BlockRow` names them (the stored encoding: src/core/db/block-encoding.ts). */
export const BLOCK_COLUMNS = blockRowColumns('b');
/** FROM for `BLOCK_COLUMNS`: the blocks `b` with their generator and the row below. */
export const BLOCK_FROM = blockRowFrom('b');

/** Equality on a column stored with `storedHex`: a value matches exactly when its hex text matched. */
function hexCriterion(column: string, scalar: JsonSchema): Criterion {
  return {
    schema: orList(scalar),
    filter: (value) => inList(column, listOf(value as string | string[]).map(storedHex)),
  };
}

/**
 * The blocks a generator (by public key) forged: a walk of blocks_generator_height. One key is an equality with
 * the key's number, so the index also gives the height order (a page of a delegate's blocks reads only its rows);
 * several are an IN list.
 */
function forgedBy(publicKeys: readonly string[]): SqlFragment {
  if (publicKeys.length === 1) {
    return fragment('b.generator_id = (SELECT id FROM delegate_keys WHERE public_key = ?)', publicKeys[0]!);
  }
  return {
    sql: `b.generator_id IN (SELECT id FROM delegate_keys WHERE public_key IN (${placeholders(publicKeys)}))`,
    params: [...publicKeys],
  };
}

const count = () => integer({ minimum: 0 });

/** ARK's old block criteria (§6.2); numeric ones take `X.from` / `X.to`. */
export const BLOCK_CRITERIA: CriteriaSet = {
  id: hexCriterion('b.id', blockId()),
  version: columnCriterion('b.version', count()),
  timestamp: {
    schema: rangeCriterion('b.timestamp', count()).schema,
    filter: (value) => timestampAsHeight('b.height', value),
  },
  previousBlock: {
    schema: orList(blockId()),
    // The block after the one with that id (the chain is linear), or the genesis block's stored parent.
    filter: (value) => {
      const ids = listOf(value as string | string[]).map(storedHex);
      return fragment(
        `b.height IN (SELECT height + 1 FROM blocks WHERE id IN (${placeholders(ids)})) OR ` +
          `(b.height = 1 AND b.previous_block IN (${placeholders(ids)}))`,
        ...ids,
        ...ids,
      );
    },
  },
  height: rangeCriterion('b.height', count()),
  numberOfTransactions: rangeCriterion('b.number_of_transactions', count()),
  totalAmount: rangeCriterion('b.total_amount', count()),
  totalFee: rangeCriterion('b.total_fee', count()),
  reward: rangeCriterion('b.reward', count()),
  payloadLength: rangeCriterion('b.payload_length', count()),
  payloadHash: hexCriterion(payloadHashBlob('b.payload_hash'), hex()),
  generatorPublicKey: {
    schema: orList(publicKey()),
    filter: (value) => forgedBy(listOf(value as string | string[])),
  },
  blockSignature: hexCriterion('b.block_signature', hex()),
};

const BLOCK_SORT: DbSortColumns = {
  id: 'b.id',
  version: 'b.version',
  timestamp: 'b.height',
  previousBlock: previousBlockStored('b'),
  height: 'b.height',
  numberOfTransactions: 'b.number_of_transactions',
  totalAmount: 'b.total_amount',
  totalFee: 'b.total_fee',
  reward: 'b.reward',
  payloadLength: 'b.payload_length',
  payloadHash: payloadHashBlob('b.payload_hash'),
  generatorPublicKey: generatorKey('b'),
  blockSignature: 'b.block_signature',
};

const BLOCK_DEFAULT_ORDER: SortItem[] = [{ property: 'height', direction: 'desc' }];
const BLOCK_TIE_BREAKERS = ['b.height'];

export function blockByHeight(ctx: ReadContext, height: number): StoredBlock | undefined {
  const row = ctx.sql.get1<BlockRow>(`SELECT ${BLOCK_COLUMNS} FROM ${BLOCK_FROM} WHERE b.height = ?`, [
    height,
  ]);
  return row && storedBlock(row);
}

export function blockById(ctx: ReadContext, id: string): StoredBlock | undefined {
  const row = ctx.sql.get1<BlockRow>(`SELECT ${BLOCK_COLUMNS} FROM ${BLOCK_FROM} WHERE b.id = ?`, [
    storedHex(id),
  ]);
  return row && storedBlock(row);
}

/**
 * `{id|height}` as ARK resolves it (§6.2): a number that is at most the chain height is a height, anything else
 * a block id.
 */
export function findBlock(ctx: ReadContext, idOrHeight: string): StoredBlock | undefined {
  const asNumber = Number(idOrHeight);
  if (/^\d+$/.test(idOrHeight) && asNumber >= 1 && asNumber <= ctx.height()) {
    return blockByHeight(ctx, asNumber);
  }
  return blockById(ctx, idOrHeight);
}

/** Whose blocks a list holds: every block, or the ones a delegate (by public key) forged. */
export type BlockScope = { generator: string } | undefined;

/** A page of blocks in the query's `orderBy` (the db dialect: `property:asc|desc`). */
export function listBlocks(
  ctx: ReadContext,
  request: ListRequest,
  scope?: BlockScope,
): PageRows<StoredBlock> {
  const page = blockRows(ctx, request, scope);
  return { rows: page.rows.map(storedBlock), totalCount: page.totalCount };
}

function blockRows(ctx: ReadContext, request: ListRequest, scope: BlockScope): PageRows<BlockRow> {
  const { query, window } = request;
  const orderBy = dbOrderBy(orderByOf(request), BLOCK_SORT, BLOCK_DEFAULT_ORDER, BLOCK_TIE_BREAKERS);
  const extra = scope === undefined ? undefined : forgedBy([scope.generator]);
  const filters = [criteriaFilter(BLOCK_CRITERIA, query), extra].filter(
    (part): part is SqlFragment => part !== undefined,
  );
  const where =
    filters.length === 0
      ? undefined
      : { sql: filters.map((f) => `(${f.sql})`).join(' AND '), params: filters.flatMap((f) => f.params) };
  if (where === undefined) {
    const byHeight = heightPage(orderBy, window, ctx.height());
    if (byHeight) {
      return runPage<BlockRow>(ctx.sql, {
        columns: BLOCK_COLUMNS,
        from: BLOCK_FROM,
        where: byHeight,
        orderBy,
        start: 0,
        limit: window.limit,
        knownTotal: ctx.height(),
      });
    }
  }
  return runPage<BlockRow>(ctx.sql, {
    columns: BLOCK_COLUMNS,
    from: BLOCK_FROM,
    countFrom: 'blocks b',
    where,
    orderBy,
    start: window.start,
    limit: window.limit,
    ...(where === undefined ? { knownTotal: ctx.height() } : {}),
  });
}

/**
 * An unfiltered page in height order starts at a known height (heights are contiguous from 1), so a deep page is
 * a seek in the primary key instead of a walk over every block before it (OFFSET).
 */
function heightPage(orderBy: readonly string[], window: ListWindow, tip: number): SqlFragment | undefined {
  if (orderBy.every((item) => item === 'b.height DESC')) return fragment('b.height <= ?', tip - window.start);
  if (orderBy.every((item) => item === 'b.height ASC')) return fragment('b.height >= ?', 1 + window.start);
  return undefined;
}

/** Σ of multipayment payments per block (the transformed block's `forged.amount` includes them, §6.13). */
export function multiPaymentSums(ctx: ReadContext, heights: readonly number[]): Map<number, bigint> {
  const sums = new Map<number, bigint>();
  if (heights.length === 0) return sums;
  const rows = ctx.sql.all<{ height: bigint; amount: bigint }>(
    `SELECT t.block_height AS height, sum(r.amount) AS amount
       FROM transactions t JOIN transaction_recipients r ON r.transaction_id = t.id
      WHERE t.block_height IN (${placeholders(heights)}) AND t.type_group = 1 AND t.type = 6
      GROUP BY t.block_height`,
    heights,
  );
  for (const row of rows) sums.set(Number(row.height), row.amount);
  return sums;
}
