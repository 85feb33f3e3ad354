/**
 * Delegates of the public API (ark-core-api.md §6.5, §6.15, §10; public-api.md §4.4). ARK builds every
 * delegate's resource in memory and filters and sorts those; so does Votary: delegates are few (the registered
 * ones, a few hundred at most), read from the small `delegates` table, so the criteria are ARK's own semantics
 * (query/memory-match.ts) on the very values the resource shows.
 */
import type { DelegateRecord } from '../../domain';
import { formatTimestamp } from '../../protocol/time';
import type { ReadContext } from './context';
import { matchesCriteria } from './query/memory-match';
import { patternable } from './query/memory-criteria';
import { memoryOrderBy, slicePage, sortInMemory, type SortItem } from './query/order-by';
import { orderByOf, type ListRequest } from './list-request';
import type { PageRows } from './sql/page-query';
import { address, boolean, hex, integer, orList, publicKey, text, type JsonSchema } from './values';
import { approvalOf } from './approval';
import { bigIntegerText, memoryRangeable } from './wallets';

interface DelegateRow {
  public_key: string;
  address: string;
  username: string;
  vote_balance: bigint;
  produced_blocks: bigint;
  forged_fees: bigint;
  forged_rewards: bigint;
  last_block_id: string | null;
  last_block_height: bigint | null;
  last_block_timestamp: bigint | null;
  resigned: bigint;
  rank: bigint | null;
}

const SELECT =
  'SELECT public_key, address, username, vote_balance, produced_blocks, forged_fees, forged_rewards, ' +
  'last_block_id, last_block_height, last_block_timestamp, resigned, rank FROM delegates';

function recordOf(ctx: ReadContext, row: DelegateRow, supply: bigint): DelegateRecord {
  const resigned = row.resigned === 1n;
  const record: DelegateRecord = {
    username: row.username,
    address: row.address,
    publicKey: row.public_key,
    votes: row.vote_balance,
    isResigned: resigned,
    blocks: { produced: Number(row.produced_blocks) },
    production: { approval: approvalOf(row.vote_balance, supply) },
    forged: {
      fees: row.forged_fees,
      rewards: row.forged_rewards,
      total: row.forged_fees + row.forged_rewards,
    },
  };
  // The rank of the last round start (§10.2); a resigned delegate shows none even before the next round.
  if (row.rank !== null && !resigned) record.rank = Number(row.rank);
  if (row.last_block_id !== null && row.last_block_height !== null && row.last_block_timestamp !== null) {
    record.blocks.last = {
      id: row.last_block_id,
      height: Number(row.last_block_height),
      timestamp: formatTimestamp(Number(row.last_block_timestamp), ctx.network),
    };
  }
  return record;
}

/** Every registered delegate, resigned ones included, with approval against the current supply (§10.5). */
function allDelegates(ctx: ReadContext): DelegateRecord[] {
  const supply = ctx.supply().total;
  return ctx.sql.all<DelegateRow>(SELECT).map((row) => recordOf(ctx, row, supply));
}

/** The delegate of a wallet, or undefined when the wallet is not a delegate. */
export function delegateOfWallet(ctx: ReadContext, walletAddress: string): DelegateRecord | undefined {
  const row = ctx.sql.get1<DelegateRow>(`${SELECT} WHERE address = ?`, [walletAddress]);
  return row && recordOf(ctx, row, ctx.supply().total);
}

const count = (minimum = 0): JsonSchema => integer({ minimum });
const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  additionalProperties: false,
  minProperties: 1,
});

/** The criteria of `/delegates` (§6.5; public-api.md §4.4), nested as the dotted keys parse. */
export const DELEGATE_CRITERIA: Record<string, JsonSchema> = {
  username: orList(text(256)),
  address: orList(patternable(address(), '0-9a-zA-Z', 34)),
  publicKey: orList(patternable(publicKey(), '0-9a-fA-F', 66)),
  votes: memoryRangeable(bigIntegerText()),
  rank: memoryRangeable(count(1)),
  isResigned: boolean(),
  blocks: object({
    produced: memoryRangeable(count()),
    last: object({
      id: orList(patternable(hex(64), '0-9a-fA-F', 64)),
      height: memoryRangeable(count()),
      timestamp: object({
        epoch: memoryRangeable(count()),
        unix: memoryRangeable(count()),
        human: orList(text(64)),
      }),
    }),
  }),
  production: object({
    approval: memoryRangeable({ type: 'number', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  }),
  forged: object({
    fees: memoryRangeable(bigIntegerText()),
    rewards: memoryRangeable(bigIntegerText()),
    total: memoryRangeable(bigIntegerText()),
  }),
};

/** Whether a delegate satisfies every criterion of the query (AND across keys). */
function matchesDelegate(record: DelegateRecord, query: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(DELEGATE_CRITERIA).every(
    (key) =>
      !Object.hasOwn(query, key) ||
      query[key] === undefined ||
      matchesCriteria((record as unknown as Record<string, unknown>)[key], query[key]),
  );
}

/** The sortable paths: the criteria's leaves (§2.4 B). */
const DELEGATE_PATHS = new Set([
  'username',
  'address',
  'publicKey',
  'votes',
  'rank',
  'isResigned',
  'blocks.produced',
  'blocks.last.id',
  'blocks.last.height',
  'blocks.last.timestamp.epoch',
  'blocks.last.timestamp.unix',
  'blocks.last.timestamp.human',
  'production.approval',
  'forged.fees',
  'forged.rewards',
  'forged.total',
]);

const isDelegatePath = (path: string): boolean => DELEGATE_PATHS.has(path);

/** ARK's default and tie-breakers (§2.4 B): unranked delegates (resigned, or registered this round) last. */
const DELEGATE_TIE_BREAKERS: SortItem[] = [
  { property: 'rank', direction: 'asc' },
  { property: 'publicKey', direction: 'asc' },
];

/**
 * A page of delegates matching the query, in its `orderBy` (the memory dialect) then rank and public key. ARK
 * builds every delegate's resource and filters and sorts those; so does this, over the few registered delegates.
 */
export function listDelegates(ctx: ReadContext, request: ListRequest): PageRows<DelegateRecord> {
  const order = memoryOrderBy(orderByOf(request), isDelegatePath);
  const matching = allDelegates(ctx).filter((delegate) => matchesDelegate(delegate, request.query));
  const sorted = sortInMemory(matching, [...order, ...DELEGATE_TIE_BREAKERS]);
  return { rows: slicePage(sorted, request.window.start, request.window.limit), totalCount: matching.length };
}

/** A round's active delegates with their vote balance at the round start, in rank order (§10.2). */
export function roundDelegatesByVotes(
  ctx: ReadContext,
  round: number,
): { publicKey: string; votes: bigint }[] {
  return ctx.sql
    .all<{ public_key: string; vote_balance: bigint }>(
      `SELECT k.public_key AS public_key, r.vote_balance AS vote_balance
         FROM rounds r JOIN delegate_keys k ON k.id = r.delegate_id
        WHERE r.round = ? ORDER BY r.vote_balance DESC, k.public_key ASC`,
      [round],
    )
    .map((row) => ({ publicKey: row.public_key, votes: row.vote_balance }));
}
