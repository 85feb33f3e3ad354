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
  isRange,
  rangeCriterion,
  listOf,
  type CriteriaSet,
  type Criterion,
} from './query/criteria';
import { dbOrderBy, type DbSortColumns, type SortItem } from './query/order-by';
import { orderByOf, type ListRequest, type ListWindow } from './list-request';
import { blockId, hex, integer, orList, publicKey, type JsonSchema } from './values';
import { and, fragment, inList, placeholders, type SqlFragment } from './sql/filter';
import { keySource, runPage, type PageRows } from './sql/page-query';
import { generatorHeightAtRank } from './seek';
import { heightAtOrAfter, heightAtOrBefore, timestampAsHeight } from './timestamps';

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

/** A filter whose number of matching rows a kept counter answers (`SELECT … AS n`), without counting them. */
export interface KeptCountFragment extends SqlFragment {
  keptCount?: SqlFragment;
}

/**
 * The blocks a generator (by public key) forged: a walk of blocks_generator_height. One key is an equality with
 * the key's number, so the index also gives the height order (a page of a delegate's blocks reads only its rows),
 * and its total is kept (`api_generator_counters`, migration 010); several are an IN list.
 */
function forgedBy(publicKeys: readonly string[]): KeptCountFragment {
  if (publicKeys.length === 1) {
    const key = publicKeys[0]!;
    return {
      ...fragment('b.generator_id = (SELECT id FROM delegate_keys WHERE public_key = ?)', key),
      keptCount: fragment(
        `SELECT coalesce((SELECT c.blocks FROM api_generator_counters c JOIN delegate_keys k ON k.id = c.generator_id
                           WHERE k.public_key = ?), 0) AS n`,
        key,
      ),
    };
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
  const generator = soleGenerator(query);
  // One generator alone is a delegate's blocks: its total is kept.
  if (scope === undefined && generator !== undefined) {
    return blockRows(ctx, { query: { orderBy: query['orderBy'] }, window }, { generator });
  }
  const extra = scope === undefined ? undefined : forgedBy([scope.generator]);
  const criteria = criteriaFilter(BLOCK_CRITERIA, query);
  if (scope !== undefined && criteria === undefined && window.start > 0) {
    const seeked = generatorSeekPage(ctx, scope.generator, orderBy, window);
    if (seeked !== undefined) return seeked;
  }
  const bounds = extra === undefined ? heightBounds(ctx, query) : undefined;
  if (bounds !== undefined) return boundedPage(ctx, bounds, orderBy, window);
  const where = and([criteria, extra]);
  const kept = criteria === undefined ? extra?.keptCount : undefined;
  const knownTotal =
    where === undefined
      ? ctx.height()
      : kept === undefined
        ? undefined
        : Number(ctx.sql.get1<{ n: bigint }>(kept.sql, kept.params)?.n ?? 0n);
  return runPage<BlockRow>(ctx.sql, {
    columns: BLOCK_COLUMNS,
    from: BLOCK_FROM,
    countFrom: 'blocks b',
    where,
    orderBy,
    start: window.start,
    limit: window.limit,
    ...(knownTotal === undefined ? {} : { knownTotal }),
    key: { column: 'b.height', from: keySource('blocks b', BLOCK_FROM, ['b_p', 'b_g'], where, orderBy) },
  });
}

/**
 * A deep page of a delegate's blocks in height order: the page's first block found by its rank among the
 * delegate's blocks (the total is kept, the rank arithmetic, the block one mark and a short walk away: seek.ts),
 * then read from there. Undefined for any other order.
 */
function generatorSeekPage(
  ctx: ReadContext,
  generator: string,
  orderBy: readonly string[],
  window: ListWindow,
): PageRows<BlockRow> | undefined {
  const descending = orderBy.every((item) => item === 'b.height DESC');
  if (!descending && !orderBy.every((item) => item === 'b.height ASC')) return undefined;
  const forged = forgedBy([generator]);
  const kept = forged.keptCount!;
  const totalCount = Number(ctx.sql.get1<{ n: bigint }>(kept.sql, kept.params)?.n ?? 0n);
  if (window.start >= totalCount) return { rows: [], totalCount };
  const first = generatorHeightAtRank(
    ctx.sql,
    generator,
    descending ? totalCount - window.start : window.start + 1,
  );
  if (first === undefined) return { rows: [], totalCount };
  return runPage<BlockRow>(ctx.sql, {
    columns: BLOCK_COLUMNS,
    from: BLOCK_FROM,
    where: and([forged, fragment(descending ? 'b.height <= ?' : 'b.height >= ?', first)]),
    orderBy,
    start: 0,
    limit: window.limit,
    knownTotal: totalCount,
  });
}

/** The generator's key when the query's one criterion is a single generatorPublicKey. */
function soleGenerator(query: Readonly<Record<string, unknown>>): string | undefined {
  const present = Object.keys(BLOCK_CRITERIA).filter((key) => query[key] !== undefined);
  if (present.length !== 1 || present[0] !== 'generatorPublicKey') return undefined;
  const keys = listOf(query['generatorPublicKey'] as string | string[]);
  return keys.length === 1 ? keys[0] : undefined;
}

/** Inclusive height bounds, clamped to the chain (low > high: no block). */
interface HeightBounds {
  low: number;
  high: number;
}

/**
 * The bounds of a query whose criteria are only height and timestamp ranges (none: the whole chain), else
 * undefined. Heights are contiguous from 1 and timestamps increase with height, so such a query is one run of
 * heights: its total is arithmetic and any page is a seek (`/blocks?timestamp.from=…` counted every block after
 * the timestamp: 114 ms at 1,000,001 blocks, docs/benchmarks.md "Scale").
 */
function heightBounds(ctx: ReadContext, query: Readonly<Record<string, unknown>>): HeightBounds | undefined {
  let low = 1;
  let high = ctx.height();
  for (const key of Object.keys(BLOCK_CRITERIA)) {
    const value = query[key];
    if (!Object.hasOwn(query, key) || value === undefined) continue;
    if ((key !== 'height' && key !== 'timestamp') || !isRange(value)) return undefined;
    const { from, to } = value;
    if (key === 'height') {
      if (from !== undefined) low = Math.max(low, Number(from));
      if (to !== undefined) high = Math.min(high, Number(to));
    } else {
      if (from !== undefined) low = Math.max(low, heightAtOrAfter(ctx.sql, from) ?? Number.MAX_SAFE_INTEGER);
      if (to !== undefined) high = Math.min(high, heightAtOrBefore(ctx.sql, to) ?? 0);
    }
  }
  return { low, high };
}

/** A page of the heights `bounds` holds: in height order a seek, in any other order the rows sorted. */
function boundedPage(
  ctx: ReadContext,
  bounds: HeightBounds,
  orderBy: readonly string[],
  window: ListWindow,
): PageRows<BlockRow> {
  const totalCount = Math.max(0, bounds.high - bounds.low + 1);
  const page = (where: SqlFragment | undefined, start: number) =>
    runPage<BlockRow>(ctx.sql, {
      columns: BLOCK_COLUMNS,
      from: BLOCK_FROM,
      where,
      orderBy,
      start,
      limit: window.limit,
      knownTotal: totalCount,
      key: { column: 'b.height', from: keySource('blocks b', BLOCK_FROM, ['b_p', 'b_g'], where, orderBy) },
    });
  if (window.start >= totalCount) return { rows: [], totalCount };
  const seek = (first: number, last: number): SqlFragment =>
    fragment('b.height >= ? AND b.height <= ?', first, last);
  if (orderBy.every((item) => item === 'b.height DESC')) {
    const rows = page(seek(bounds.low, bounds.high - window.start), 0).rows;
    return { rows, totalCount };
  }
  if (orderBy.every((item) => item === 'b.height ASC')) {
    const rows = page(seek(bounds.low + window.start, bounds.high), 0).rows;
    return { rows, totalCount };
  }
  // The whole chain in another order: no condition at all (the plan of an unfiltered sort).
  const whole = bounds.low <= 1 && bounds.high >= ctx.height();
  return { rows: page(whole ? undefined : seek(bounds.low, bounds.high), window.start).rows, totalCount };
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
