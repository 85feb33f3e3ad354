/** The entity resource (ark-core-api.md §6.18): `{id, address, publicKey, isResigned, type, subType, data}`. */
import type { EntityView } from '../../db/read-model/entities';

export interface EntityResource {
  id: string;
  address: string;
  publicKey: string;
  isResigned: boolean;
  type: number;
  subType: number;
  data: { name: string; ipfsData?: string };
}

export function entityResource(entity: Readonly<EntityView>): EntityResource {
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
