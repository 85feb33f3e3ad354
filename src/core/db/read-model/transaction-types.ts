/**
 * The transaction types a network accepts at a height (ark-core-api.md §9.4–§9.6): Core 0–7 always, HTLC 8–10
 * when `htlcEnabled`, the Entity type after aip36 (ARK's magistrate API then lists it as three keys,
 * entityRegistration/Resignation/Update), the legacy business/bridgechain types between aip11 and aip36.
 */
import { z } from 'zod';
import { ENTITY_STATIC_FEES, LEGACY_MAGISTRATE_STATIC_FEE, staticFee } from '../../protocol/fees';
import { milestoneAt, type Milestone, type Network } from '../../protocol/networks';
import { CoreType, EntityAction, MagistrateType, TypeGroup, typeName } from '../../protocol/transactions';
import { typeRules } from '../../protocol/transactions/schemas';

export interface ActiveType {
  typeGroup: number;
  type: number;
  /** The handler key (`transfer`, `htlcLock`, `entity` …). */
  key: string;
}

export function activeTypes(milestone: Milestone): ActiveType[] {
  const types: ActiveType[] = [];
  const lastCore = milestone.htlcEnabled === true ? CoreType.HtlcRefund : CoreType.DelegateResignation;
  for (let type = 0; type <= lastCore; type++) {
    types.push({ typeGroup: TypeGroup.Core, type, key: typeName(TypeGroup.Core, type)! });
  }
  if (milestone.aip36 === true) {
    types.push({ typeGroup: TypeGroup.Magistrate, type: MagistrateType.Entity, key: 'entity' });
  } else if (milestone.aip11 === true) {
    for (let type = 0; type < MagistrateType.Entity; type++) {
      types.push({ typeGroup: TypeGroup.Magistrate, type, key: typeName(TypeGroup.Magistrate, type)! });
    }
  }
  return types;
}

/** The entity actions as ARK's magistrate API names them (its fee and statistics keys). */
export const ENTITY_KEYS = [
  { key: 'entityRegistration', action: EntityAction.Register, fee: ENTITY_STATIC_FEES.register },
  { key: 'entityResignation', action: EntityAction.Resign, fee: ENTITY_STATIC_FEES.resign },
  { key: 'entityUpdate', action: EntityAction.Update, fee: ENTITY_STATIC_FEES.update },
] as const;

type Grouped<T> = Record<string, Record<string, T>>;

function put<T>(grouped: Grouped<T>, typeGroup: number, key: string, value: T): void {
  (grouped[String(typeGroup)] ??= {})[key] = value;
}

/** GET /transactions/fees: static fees of the active types, strings, camelCase keys. */
export function staticFees(network: Network, height: number): Grouped<string> {
  const milestone = milestoneAt(network, height);
  const fees: Grouped<string> = {};
  for (const { typeGroup, type, key } of activeTypes(milestone)) {
    if (typeGroup === TypeGroup.Magistrate && type === MagistrateType.Entity) {
      for (const entity of ENTITY_KEYS) put(fees, typeGroup, entity.key, entity.fee.toString());
    } else if (typeGroup === TypeGroup.Magistrate) {
      put(fees, typeGroup, key, LEGACY_MAGISTRATE_STATIC_FEE.toString());
    } else {
      put(fees, typeGroup, key, staticFee({ typeGroup, type, version: 2 }, milestone).toString());
    }
  }
  return fees;
}

/** GET /transactions/types: `{group: {Capitalised: type}}`. */
export function typeNames(network: Network, height: number): Grouped<number> {
  const names: Grouped<number> = {};
  for (const { typeGroup, type, key } of activeTypes(milestoneAt(network, height))) {
    put(names, typeGroup, key.charAt(0).toUpperCase() + key.slice(1), type);
  }
  return names;
}

const amountSchema = { type: 'string', pattern: '^[0-9]+$', description: 'decimal integer (arktoshi)' };

/**
 * GET /transactions/schemas: the `properties` of each active type's schema (as ARK), generated from the zod
 * schemas the protocol library validates with; big numbers are decimal strings.
 */
export function typeSchemas(network: Network, height: number): Grouped<unknown> {
  const schemas: Grouped<unknown> = {};
  for (const { typeGroup, type } of activeTypes(milestoneAt(network, height))) {
    const rules = typeRules(typeGroup, type, 2);
    if (!rules) continue;
    const json = z.toJSONSchema(rules.schema, { unrepresentable: 'any', io: 'input' }) as {
      properties?: Record<string, unknown>;
    };
    const properties = { ...(json.properties ?? {}) };
    for (const key of ['nonce', 'fee', 'amount']) properties[key] = amountSchema;
    properties.type = { const: type };
    put(schemas, typeGroup, String(type), properties);
  }
  return schemas;
}
