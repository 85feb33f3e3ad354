/**
 * Entities of the public API (core-magistrate-api; ark-core-api.md §6.8, §6.18; public-api.md §4.5): every
 * registered entity, resigned ones included, from the `entities` table. Memory-dialect criteria and sorting run
 * in SQL (query/memory-criteria.ts); the default order `data.name:asc` walks an index (migration 004).
 */
import { entityViewFromRow, type EntityRow as StoredEntityRow } from '../repositories/entities';
import type { Entity } from '../../domain';
import type { ReadContext } from './context';
import { criteriaFilter, listOf, type CriteriaSet } from './query/criteria';
import { memoryOrderSql, patternable, textCriterion, type MemorySortColumns } from './query/memory-criteria';
import { memoryOrderBy, type SortItem } from './query/order-by';
import { address, boolean, hex, orList, publicKey, text, type JsonSchema } from './values';
import { and, fragment, inList, type SqlFragment } from './sql/filter';
import { runPage, type PageRows } from './sql/page-query';
import { orderByOf, type ListRequest } from './list-request';

/** The columns the API selects: everything but the update history. */
type EntityRow = Omit<StoredEntityRow, 'data_history'>;

/** What the API shows of an entity (the update history stays internal). */
export type EntityView = Omit<Entity, 'dataHistory'>;

/** Entity types and subtypes are one byte (ARK: `"type" must be less than or equal to 255`). */
const byte: JsonSchema = { type: 'integer', minimum: 0, maximum: 255 };

function byteCriterion(column: string) {
  return {
    schema: orList(byte),
    filter: (value: unknown) => inList(column, listOf(value as number | number[])),
  };
}

const nameMatch = textCriterion('e.name', text(128));
const ipfsMatch = textCriterion('e.ipfs_data', text(128));

export const ENTITY_CRITERIA: CriteriaSet = {
  id: textCriterion('e.id', patternable(hex(64), '0-9a-fA-F', 64)),
  address: textCriterion('e.address', patternable(address(), '0-9a-zA-Z', 34)),
  publicKey: textCriterion('e.public_key', patternable(publicKey(), '0-9a-fA-F', 66)),
  isResigned: { schema: boolean(), filter: (value) => fragment(`e.resigned = ${value === true ? 1 : 0}`) },
  type: byteCriterion('e.type'),
  subType: byteCriterion('e.sub_type'),
  data: {
    schema: {
      type: 'object',
      properties: { name: nameMatch.schema, ipfsData: ipfsMatch.schema },
      additionalProperties: false,
      minProperties: 1,
    },
    filter: (value, query) => {
      const data = value as { name?: unknown; ipfsData?: unknown };
      const parts: (SqlFragment | undefined)[] = [];
      if (data.name !== undefined) parts.push(nameMatch.filter(data.name, query));
      if (data.ipfsData !== undefined) parts.push(ipfsMatch.filter(data.ipfsData, query));
      return and(parts);
    },
  },
};

const ENTITY_SORT: MemorySortColumns = {
  id: { sql: 'e.id' },
  address: { sql: 'e.address' },
  publicKey: { sql: 'e.public_key' },
  isResigned: { sql: 'e.resigned' },
  type: { sql: 'e.type' },
  subType: { sql: 'e.sub_type' },
  'data.name': { sql: 'e.name' },
  'data.ipfsData': { sql: 'e.ipfs_data', nullable: true },
};

export const isEntityPath = (path: string): boolean => Object.hasOwn(ENTITY_SORT, path);

/** ARK's tie-breaker (`data.name:asc`), then the id (names repeat across types). */
const ENTITY_TIE_BREAKERS: SortItem[] = [{ property: 'data.name', direction: 'asc' }];
const ENTITY_FINAL = 'e.id ASC';

/** A page of entities matching the query's criteria, in its `orderBy` (the memory dialect). */
export function listEntities(ctx: ReadContext, request: ListRequest): PageRows<EntityView> {
  const { query, window } = request;
  const order = memoryOrderBy(orderByOf(request), isEntityPath);
  const page = runPage<EntityRow>(ctx.sql, {
    columns: 'e.id, e.address, e.public_key, e.type, e.sub_type, e.name, e.ipfs_data, e.resigned',
    from: 'entities e',
    where: criteriaFilter(ENTITY_CRITERIA, query),
    orderBy: memoryOrderSql(order, ENTITY_SORT, ENTITY_TIE_BREAKERS, ENTITY_FINAL),
    start: window.start,
    limit: window.limit,
  });
  return { rows: page.rows.map(entityViewFromRow), totalCount: page.totalCount };
}

export function entityById(ctx: ReadContext, id: string): EntityView | undefined {
  const row = ctx.sql.get1<EntityRow>(
    'SELECT id, address, public_key, type, sub_type, name, ipfs_data, resigned FROM entities WHERE id = ?',
    [id],
  );
  return row && entityViewFromRow(row);
}
