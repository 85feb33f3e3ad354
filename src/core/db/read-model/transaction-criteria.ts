/**
 * ARK's transaction criteria (ark-core-api.md §2.6, §6.3; public-api.md §4.3) over the `transactions` table
 * (alias `t`). Addresses match the sender or recipient columns and multipayment recipients
 * (`transaction_recipients`); block ids and timestamps are resolved through `blocks` to block heights, so every
 * such filter walks the (block_height, sequence) order the lists are sorted by.
 */
import { storedHex } from '../block-encoding';
import { QueryError } from './errors';
import { columnCriterion, listOf, rangeCriterion, type CriteriaSet } from './query/criteria';
import type { DbSortColumns, SortItem } from './query/order-by';
import { address, blockId, integer, nestedObject, orList, publicKey, text, transactionId } from './values';
import { and, fragment, inList, likeToGlob, or, placeholders, type SqlFragment } from './sql/filter';
import { timestampAsHeight } from './timestamps';
import type { SqlParam } from './sql/statement-cache';

/** Multipayment transactions that pay one of `addresses`. */
function paidTo(addresses: readonly string[]): SqlFragment {
  return {
    sql: `t.id IN (SELECT transaction_id FROM transaction_recipients WHERE address IN (${placeholders(addresses)}))`,
    params: [...addresses],
  };
}

function recipientFilter(addresses: string[]): SqlFragment {
  return or([inList('t.recipient_address', addresses), paidTo(addresses)]);
}

function timestampFilter(value: unknown): SqlFragment | undefined {
  return timestampAsHeight('t.block_height', value);
}

/** ARK's `asset.<path>=value` (JSONB containment there): each leaf must appear at that path (or in its list). */
const MAX_ASSET_LEAVES = 10;
function assetFilter(value: unknown): SqlFragment | undefined {
  const leaves: { path: string[]; values: string[] }[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
      for (const [key, inner] of Object.entries(node)) {
        if (!/^[A-Za-z0-9_]{1,64}$/.test(key))
          throw new QueryError(`"asset.${[...path, key].join('.')}" is not allowed`);
        walk(inner, [...path, key]);
      }
    } else {
      leaves.push({ path, values: listOf(node as string | string[]).map(String) });
    }
  };
  walk(value, []);
  if (leaves.length > MAX_ASSET_LEAVES)
    throw new QueryError(`"asset" may name at most ${MAX_ASSET_LEAVES} properties`);
  return and(
    leaves.map(({ path, values }) => {
      // A numeric or boolean text also matches the JSON number or boolean (ARK tries both forms).
      const candidates: SqlParam[] = values.flatMap((v): SqlParam[] => {
        if (/^-?\d+(\.\d+)?$/.test(v)) return [v, Number(v)];
        if (v === 'true' || v === 'false') return [v, v === 'true' ? 1 : 0];
        return [v];
      });
      return {
        sql: `EXISTS (SELECT 1 FROM json_each(t.asset, ?) WHERE value IN (${placeholders(candidates)}))`,
        params: [`$.${path.map((key) => `"${key}"`).join('.')}`, ...candidates],
      };
    }),
  );
}

const nonNegative = () => integer({ minimum: 0 });

export const TRANSACTION_CRITERIA: CriteriaSet = {
  address: {
    schema: orList(address()),
    filter: (value) => {
      const addresses = listOf(value as string | string[]);
      return or([inList('t.sender_address', addresses), recipientFilter(addresses)]);
    },
  },
  senderId: columnCriterion('t.sender_address', address()),
  recipientId: {
    schema: orList(address()),
    filter: (value) => recipientFilter(listOf(value as string | string[])),
  },
  id: columnCriterion('t.id', transactionId()),
  version: columnCriterion('t.version', integer({ minimum: 1 })),
  blockId: {
    schema: orList(blockId()),
    filter: (value) => {
      const ids = listOf(value as string | string[]).map(storedHex);
      return {
        sql: `t.block_height IN (SELECT height FROM blocks WHERE id IN (${placeholders(ids)}))`,
        params: ids,
      };
    },
  },
  sequence: rangeCriterion('t.sequence', nonNegative()),
  timestamp: { schema: rangeCriterion('', nonNegative()).schema, filter: timestampFilter },
  nonce: rangeCriterion('t.nonce', nonNegative()),
  senderPublicKey: columnCriterion('t.sender_public_key', publicKey()),
  type: {
    schema: orList(nonNegative()),
    // ARK: a type without a typeGroup means a Core type (typeGroup 1), so `type=6` is never an Entity.
    filter: (value, query) =>
      and([
        inList('t.type', listOf(value as number | number[])),
        query.typeGroup === undefined ? fragment('t.type_group = 1') : undefined,
      ]),
  },
  typeGroup: columnCriterion('t.type_group', nonNegative()),
  vendorField: {
    schema: orList(text(255)),
    filter: (value) =>
      or(
        listOf(value as string | string[]).map((pattern) =>
          fragment('t.vendor_field IS NOT NULL AND t.vendor_field GLOB ?', likeToGlob(pattern)),
        ),
      ),
  },
  amount: rangeCriterion('t.amount', nonNegative()),
  fee: rangeCriterion('t.fee', nonNegative()),
  asset: { schema: nestedObject(), filter: assetFilter },
};

/** ARK's whitelist (§2.4 A); `timestamp` is the block's, so it sorts as the block height does. */
export const TRANSACTION_SORT: DbSortColumns = {
  address: {
    unsortable: "orderBy property 'address' cannot be sorted on: it matches the sender or the recipient",
  },
  senderId: 't.sender_address',
  recipientId: 't.recipient_address',
  id: 't.id',
  version: 't.version',
  blockId: 'b.id',
  sequence: 't.sequence',
  timestamp: 't.block_height',
  nonce: 't.nonce',
  senderPublicKey: 't.sender_public_key',
  type: 't.type',
  typeGroup: 't.type_group',
  vendorField: 't.vendor_field',
  amount: 't.amount',
  fee: 't.fee',
  asset: 't.asset',
};

export const TRANSACTION_DEFAULT_ORDER: SortItem[] = [
  { property: 'timestamp', direction: 'desc' },
  { property: 'sequence', direction: 'desc' },
];
export const TRANSACTION_TIE_BREAKERS = ['t.block_height', 't.sequence'];
