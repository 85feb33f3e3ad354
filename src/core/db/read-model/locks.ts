/**
 * HTLC locks of the public API (ark-core-api.md §6.7, §6.17, §8; public-api.md §4.9). ARK keeps open locks in
 * wallet state, so /locks lists only those (a claim or refund removes the lock there); Votary's `locks` table
 * keeps every lock with its status and unlocking transaction, so the memory-dialect criteria and sorting run in
 * SQL (query/memory-criteria.ts) over indexes (migration 004). `isExpired` is judged against the last block,
 * read inside the query, so a page and its total agree.
 */
import { OPEN_LOCKS } from '../migrations/012-api-seek-marks';
import { lockFromRow, type LockRow } from '../repositories/locks';
import type { Lock } from '../../domain';
import { epochUnixMs, type Network } from '../../protocol/networks';
import type { ReadContext } from './context';
import { criteriaFilter, isRange, listOf, type CriteriaSet, type Criterion } from './query/criteria';
import {
  memoryOrderSql,
  patternable,
  textCriterion,
  textMatch,
  type MemorySortColumns,
} from './query/memory-criteria';
import { memoryOrderBy, type SortItem } from './query/order-by';
import { address, boolean, hex, integer, orList, publicKey, rangeable, text } from './values';
import type { JsonSchema } from './values';
import { and, between, fragment, inList, or, type SqlFragment } from './sql/filter';
import { runPage, type PageRows } from './sql/page-query';
import type { SqlParam } from './sql/statement-cache';
import { orderByOf, type ListRequest } from './list-request';

/** The last block's height and timestamp, as SQL (uncorrelated: evaluated once per statement). */
const TIP_HEIGHT = '(SELECT max(height) FROM blocks)';
const TIP_TIMESTAMP = `(SELECT timestamp FROM blocks WHERE height = ${TIP_HEIGHT})`;
/** ARK's isExpired (§6.17): type 1 against the last block's timestamp, type 2 against its height. */
const IS_EXPIRED = `(l.expiration_value <= CASE l.expiration_type WHEN 1 THEN ${TIP_TIMESTAMP} ELSE ${TIP_HEIGHT} END)`;
const OPEN = fragment("l.status = 'locked'");

const INT64_MAX = 2n ** 63n - 1n;
/** Amounts are integer strings (they may pass 2^53); beyond int64 they match nothing stored. */
const amountScalar: JsonSchema = { type: 'string', pattern: '^[0-9]{1,30}$' };
const amountParam = (value: string): bigint => {
  const amount = BigInt(value);
  return amount > INT64_MAX ? INT64_MAX : amount;
};

function amountCriterion(column: string): Criterion {
  return {
    schema: rangeable(amountScalar),
    filter: (value) => {
      if (isRange(value)) {
        return between(column, {
          ...(value.from === undefined ? {} : { from: amountParam(String(value.from)) }),
          ...(value.to === undefined ? {} : { to: amountParam(String(value.to)) }),
        });
      }
      return inList(column, listOf(value as string | string[]).map(amountParam));
    },
  };
}

function numberFilter(column: string, value: unknown, shift = 0): SqlFragment | undefined {
  const move = (n: SqlParam | undefined) => (n === undefined ? undefined : Number(n) - shift);
  if (isRange(value)) {
    const from = move(value.from);
    const to = move(value.to);
    return between(column, { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) });
  }
  return inList(
    column,
    listOf(value as number | number[]).map((n) => Number(n) - shift),
  );
}

const nonNegative = () => integer({ minimum: 0 });

/** `timestamp.human` equality: the ISO text of one epoch second, else nothing; `%` patterns match the text. */
function humanFilter(value: string, unixOffset: number): SqlFragment {
  if (value.includes('%')) {
    return textMatch(`strftime('%Y-%m-%dT%H:%M:%fZ', l.timestamp + ${unixOffset}, 'unixepoch')`, value);
  }
  const ms = Date.parse(value);
  if (!Number.isFinite(ms) || ms % 1000 !== 0 || new Date(ms).toISOString() !== value) {
    return fragment('0');
  }
  return fragment('l.timestamp = ?', ms / 1000 - unixOffset);
}

/** Lock criteria (§6.7): the network decides how unix seconds map to the stored epoch seconds. */
export function lockCriteria(network: Network): CriteriaSet {
  const unixOffset = Math.floor(epochUnixMs(network) / 1000);
  return {
    lockId: textCriterion('l.id', patternable(hex(64), '0-9a-fA-F', 64)),
    senderPublicKey: textCriterion('l.sender_public_key', patternable(publicKey(), '0-9a-fA-F', 66)),
    recipientId: textCriterion('l.recipient_address', patternable(address(), '0-9a-zA-Z', 34)),
    isExpired: {
      schema: boolean(),
      filter: (value) => fragment(value === true ? IS_EXPIRED : `NOT ${IS_EXPIRED}`),
    },
    expirationType: {
      schema: orList(nonNegative()),
      filter: (value) => numberFilter('l.expiration_type', value),
    },
    expirationValue: {
      schema: rangeable(nonNegative()),
      filter: (value) => numberFilter('l.expiration_value', value),
    },
    secretHash: textCriterion('l.secret_hash', patternable(hex(64), '0-9a-fA-F', 64)),
    amount: amountCriterion('l.amount'),
    timestamp: {
      schema: {
        type: 'object',
        properties: {
          epoch: rangeable(nonNegative()),
          unix: rangeable(nonNegative()),
          human: orList(text(64)),
        },
        additionalProperties: false,
        minProperties: 1,
      },
      filter: (value) => {
        const stamp = value as { epoch?: unknown; unix?: unknown; human?: string | string[] };
        return and([
          stamp.epoch === undefined ? undefined : numberFilter('l.timestamp', stamp.epoch),
          stamp.unix === undefined ? undefined : numberFilter('l.timestamp', stamp.unix, unixOffset),
          stamp.human === undefined
            ? undefined
            : or(listOf(stamp.human).map((human) => humanFilter(human, unixOffset))),
        ]);
      },
    },
    vendorField: textCriterion('l.vendor_field', text(255)),
  };
}

/** The sortable paths (the criteria's leaves, §2.4 B) and their expressions. */
const LOCK_SORT: MemorySortColumns = {
  lockId: { sql: 'l.id' },
  senderPublicKey: { sql: 'l.sender_public_key' },
  isExpired: { sql: IS_EXPIRED },
  amount: { sql: 'l.amount' },
  secretHash: { sql: 'l.secret_hash' },
  recipientId: { sql: 'l.recipient_address' },
  'timestamp.epoch': { sql: 'l.timestamp' },
  'timestamp.unix': { sql: 'l.timestamp' },
  'timestamp.human': { sql: 'l.timestamp' },
  expirationType: { sql: 'l.expiration_type' },
  expirationValue: { sql: 'l.expiration_value' },
  vendorField: { sql: 'l.vendor_field', nullable: true },
};

export const isLockPath = (path: string): boolean => Object.hasOwn(LOCK_SORT, path);

/** ARK's tie-breaker (`timestamp.unix:desc`), then the lock id so that pages never overlap. */
const LOCK_TIE_BREAKERS: SortItem[] = [{ property: 'timestamp.unix', direction: 'desc' }];
const LOCK_FINAL = 'l.id DESC';

/** Whose locks a list holds: every open lock, or those a wallet (by address) sent. */
export type LockScope = { sender: string } | undefined;

/** Each network's criteria, built once (their timestamps are the network's). */
const criteriaOf = new WeakMap<Network, CriteriaSet>();

function lockCriteriaOf(network: Network): CriteriaSet {
  let criteria = criteriaOf.get(network);
  if (criteria === undefined) criteriaOf.set(network, (criteria = lockCriteria(network)));
  return criteria;
}

/** A page of open locks matching the query's criteria within `scope`, in its `orderBy` (the memory dialect). */
export function listLocks(ctx: ReadContext, request: ListRequest, scope?: LockScope): PageRows<Lock> {
  const { query, window } = request;
  const order = memoryOrderBy(orderByOf(request), isLockPath);
  const extra = scope === undefined ? undefined : fragment('l.sender_address = ?', scope.sender);
  const criteria = criteriaFilter(lockCriteriaOf(ctx.network), query);
  // Every open lock: its total is kept (migration 012) instead of counted.
  const knownTotal =
    criteria === undefined && extra === undefined
      ? Number(
          ctx.sql.get1<{ value: bigint }>('SELECT value FROM api_counters WHERE name = ?', [OPEN_LOCKS])
            ?.value ?? 0n,
        )
      : undefined;
  const page = runPage<LockRow>(ctx.sql, {
    columns: 'l.*',
    from: 'locks l',
    ...(knownTotal === undefined ? {} : { knownTotal }),
    where: and([OPEN, criteria, extra]),
    orderBy: memoryOrderSql(order, LOCK_SORT, LOCK_TIE_BREAKERS, LOCK_FINAL),
    start: window.start,
    limit: window.limit,
  });
  return { rows: page.rows.map(lockFromRow), totalCount: page.totalCount };
}

/** An open lock (ARK answers 404 once a lock is claimed or refunded: it left wallet state). */
export function openLockById(ctx: ReadContext, id: string): Lock | undefined {
  const row = ctx.sql.get1<LockRow>("SELECT * FROM locks WHERE id = ? AND status = 'locked'", [id]);
  return row && lockFromRow(row);
}
