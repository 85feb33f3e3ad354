/**
 * Wallets of the public API (ark-core-api.md §6.6, §6.16; public-api.md §4.10). ARK searches its in-memory
 * wallet index; Votary's wallets live in the `wallets` and `delegates` tables, so the memory-dialect criteria
 * and sorting run in SQL over indexes (migration 003): the default `balance:desc` walks (balance, address), a
 * delegate's voters walk (vote, balance, address), and the unfiltered total is a counter kept by triggers.
 */
import type { Wallet } from '../../domain';
import { walletFromRow, type WalletRow } from '../repositories/wallets';
import type { ReadContext } from './context';
import { QueryError } from './errors';
import { criteriaFilter, isRange, listOf, type CriteriaSet, type Criterion } from './query/criteria';
import { memoryOrderSql, patternable, textCriterion } from './query/memory-criteria';
import { memoryOrderBy, type SortItem } from './query/order-by';
import { address, nestedObject, publicKey, type JsonSchema } from './values';
import { and, between, fragment, inList } from './sql/filter';
import { keySource, runPage, type PageRows } from './sql/page-query';
import { orderByOf, type ListRequest } from './list-request';
import { attributesFilter, attributeSort, isAttributePath } from './wallet-attributes';

const COLUMNS =
  'w.address, w.public_key, w.balance, w.nonce, w.second_public_key, w.multi_signature, w.vote, ' +
  'w.locked_balance, w.business, d.username, d.vote_balance, d.produced_blocks, d.forged_fees, d.forged_rewards, ' +
  'd.last_block_id, d.last_block_height, d.last_block_timestamp, d.resigned, d.rank, d.round';
const FROM = 'wallets w LEFT JOIN delegates d ON d.address = w.address';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** Integer strings (amounts may pass 2^53); beyond int64 they are clamped, so they match nothing stored. */
export function int64Param(value: unknown): bigint {
  const n = BigInt(String(value));
  return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : n;
}

/** ARK's memory range: a value, a comma list, or `X.from` / `X.to` (errors name the failing bound). */
export function memoryRangeable(scalar: JsonSchema): JsonSchema {
  return {
    anyOf: [
      scalar,
      { type: 'array', items: scalar, minItems: 1, maxItems: 100 },
      {
        type: 'object',
        properties: { from: scalar, to: scalar },
        additionalProperties: false,
        minProperties: 1,
      },
    ],
  };
}

/** An integer string (BigNumber criteria: balances, nonces, vote balances); `signed` admits a minus sign. */
export function bigIntegerText(signed = false): JsonSchema {
  return {
    type: 'string',
    pattern: signed ? '^-?[0-9]{1,30}$' : '^[0-9]{1,30}$',
    'x-messages': { pattern: '"{label}" must be an integer' },
  };
}

function bigIntegerCriterion(column: string, signed: boolean): Criterion {
  return {
    schema: memoryRangeable(bigIntegerText(signed)),
    filter: (value) => {
      if (isRange(value)) {
        return between(column, {
          ...(value.from === undefined ? {} : { from: int64Param(value.from) }),
          ...(value.to === undefined ? {} : { to: int64Param(value.to) }),
        });
      }
      return inList(column, listOf(value as string | string[]).map(int64Param));
    },
  };
}

/** ARK's wallet criteria (§6.6): addresses and keys with `%` patterns, amounts, and the attribute bag. */
export const WALLET_CRITERIA: CriteriaSet = {
  address: textCriterion('w.address', patternable(address(), '0-9a-zA-Z', 34)),
  publicKey: textCriterion('w.public_key', patternable(publicKey(), '0-9a-fA-F', 66)),
  balance: bigIntegerCriterion('w.balance', true),
  nonce: bigIntegerCriterion('w.nonce', false),
  attributes: { schema: nestedObject(), filter: (value) => attributesFilter(value) },
};

const WALLET_SORT = {
  address: { sql: 'w.address' },
  publicKey: { sql: 'w.public_key', nullable: true },
  balance: { sql: 'w.balance' },
  nonce: { sql: 'w.nonce' },
} as const;

/** The paths ARK sorts wallets on (§2.4 B): the criteria's leaves and any `attributes.<path>`. */
export function isWalletPath(path: string): boolean {
  return Object.hasOwn(WALLET_SORT, path) || path === 'attributes' || isAttributePath(path);
}

/** ARK appends `balance:desc`; the address (unique) then makes the order total. */
const WALLET_TIE_BREAKERS: SortItem[] = [{ property: 'balance', direction: 'desc' }];

/**
 * ORDER BY for a memory order. Paths no wallet has (and `attributes`, an object) sort nothing and are dropped;
 * the final address follows the first sorted item's direction, so the default order is one index walk.
 */
export function walletOrderSql(order: readonly SortItem[]): string[] {
  const columns: Record<string, { sql: string; nullable?: boolean }> = { ...WALLET_SORT };
  for (const { property } of order) {
    if (!property.startsWith('attributes.')) continue;
    const sort = attributeSort(property.slice(11));
    if (sort === null) throw new QueryError(`orderBy property '${property}' cannot be sorted on`);
    if (sort !== undefined) columns[property] = { sql: sort, nullable: true };
  }
  const effective = order.filter(({ property }) => Object.hasOwn(columns, property));
  const first = effective[0] ?? WALLET_TIE_BREAKERS[0]!;
  return memoryOrderSql(
    effective,
    columns,
    WALLET_TIE_BREAKERS,
    `w.address ${first.direction.toUpperCase()}`,
  );
}

function walletTotal(ctx: ReadContext): number {
  const row = ctx.sql.get1<{ value: bigint }>("SELECT value FROM api_counters WHERE name = 'wallets'");
  return Number(row?.value ?? 0n);
}

/** Which wallets a list holds: every one, or the voters of a delegate (by public key) now. */
export type WalletScope = { voterOf: string } | undefined;

/** A page of wallets matching the query's criteria within `scope`, in its `orderBy` (the memory dialect). */
export function listWallets(ctx: ReadContext, request: ListRequest, scope?: WalletScope): PageRows<Wallet> {
  const { query, window } = request;
  const order = memoryOrderBy(orderByOf(request), isWalletPath);
  const extra = scope === undefined ? undefined : fragment('w.vote = ?', scope.voterOf);
  const where = and([criteriaFilter(WALLET_CRITERIA, query), extra]);
  const orderBy = walletOrderSql(order);
  const page = runPage<WalletRow>(ctx.sql, {
    columns: COLUMNS,
    from: FROM,
    countFrom: 'wallets w',
    where,
    orderBy,
    start: window.start,
    limit: window.limit,
    ...(where === undefined ? { knownTotal: walletTotal(ctx) } : {}),
    key: { column: 'w.rowid', from: keySource('wallets w', FROM, ['d'], where, orderBy) },
  });
  return { rows: page.rows.map(walletFromRow), totalCount: page.totalCount };
}

function walletWhere(ctx: ReadContext, where: string, param: string): Wallet | undefined {
  const row = ctx.sql.get1<WalletRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}`, [param]);
  return row && walletFromRow(row);
}

/**
 * `{id}` as ARK resolves it (§6.5, §6.6): an address, then a public key, then a delegate username
 * (case-sensitive). Undefined when no wallet matches.
 */
export function findWallet(ctx: ReadContext, id: string): Wallet | undefined {
  if (/^[0-9a-zA-Z]{34}$/.test(id)) {
    const byAddress = walletWhere(ctx, 'w.address = ?', id);
    if (byAddress) return byAddress;
  }
  if (/^[0-9a-fA-F]{66}$/.test(id)) {
    const byKey = walletWhere(ctx, 'w.public_key = ?', id.toLowerCase());
    if (byKey) return byKey;
  }
  return walletWhere(ctx, 'w.address = (SELECT address FROM delegates WHERE username = ?)', id);
}

/** Schema of the wallet sub-routes' `{id}` (ARK's old, stricter one, §6.6): username, address or key. */
export function strictWalletId(): JsonSchema {
  return {
    anyOf: [
      { type: 'string', pattern: '^[a-z0-9!@$&_.]{1,20}$' },
      { type: 'string', pattern: '^[0-9a-zA-Z]{34}$' },
      { type: 'string', pattern: '^[0-9a-fA-F]{66}$' },
    ],
    'x-opaque': true,
  };
}
