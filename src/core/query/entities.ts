/** Entities (core-magistrate-api; ark-core-api.md §6.8, §6.18): every registered one, resigned ones included. */
import type { EntityRecord } from '../domain';
import { entityById, listEntities, type EntityView } from '../db/read-model/entities';
import type { ListRequest } from '../db/read-model/list-request';
import type { PageRows } from '../db/read-model/sql/page-query';
import type { QueryContext } from './context';

export function entityRecord(entity: Readonly<EntityView>): EntityRecord {
  return {
    id: entity.id,
    address: entity.address,
    publicKey: entity.publicKey,
    isResigned: entity.resigned,
    type: entity.type,
    subType: entity.subType,
    data: { ...entity.data },
  };
}

export class EntityQueries {
  constructor(private readonly ctx: QueryContext) {}

  list(request: ListRequest): PageRows<EntityRecord> {
    const page = listEntities(this.ctx.read, request);
    return { rows: page.rows.map(entityRecord), totalCount: page.totalCount };
  }

  /** By its registration transaction id. */
  byId(id: string): EntityRecord | undefined {
    const entity = entityById(this.ctx.read, id.toLowerCase());
    return entity && entityRecord(entity);
  }
}
