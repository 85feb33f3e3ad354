import { z } from 'zod';
import { EntityAction, MagistrateType } from '../constants';
import { base58, baseShape, hash32Hex, u8 } from './common';
import { genericName, ports, seedNodes, uri, vat } from './legacy-magistrate';
import type { TypeRules } from './rules';

/** Schemas of the Magistrate types, typeGroup 2 (protocol reference §4.2, §5 "entity"). */

const magistrate = { typeGroup: z.literal(2, { error: 'must be 2 (Magistrate)' }), version: z.literal(2) };

const entityName = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-zA-Z0-9_!@$&.-]+$/, 'must match pattern "^[a-zA-Z0-9_!@$&.-]+$"');

const entity = z
  .object({
    ...baseShape,
    ...magistrate,
    asset: z.strictObject({
      type: u8,
      subType: u8,
      action: u8,
      registrationId: hash32Hex.optional(),
      data: z.strictObject({ name: entityName.optional(), ipfsData: base58(1, 128).optional() }),
    }),
  })
  .superRefine((tx, issues) => {
    const { action, registrationId, data } = tx.asset;
    const issue = (path: string[], message: string) =>
      issues.addIssue({ code: 'custom', path: ['asset', ...path], message });
    if (action === EntityAction.Register) {
      if (registrationId !== undefined) issue(['registrationId'], 'must be absent for a register action');
      if (data.name === undefined) issue(['data', 'name'], 'is required for a register action');
    } else if (action === EntityAction.Update || action === EntityAction.Resign) {
      if (registrationId === undefined)
        issue(['registrationId'], 'is required for update and resign actions');
      if (action === EntityAction.Update && data.name !== undefined) {
        issue(['data', 'name'], 'an update may only change ipfsData');
      }
      if (action === EntityAction.Resign && Object.keys(data).length > 0) {
        issue(['data'], 'must be empty for a resign action');
      }
    } else {
      issue(['action'], 'must be 0 (register), 1 (update) or 2 (resign)');
    }
  });

/**
 * The legacy business/bridgechain types (active between aip11 and aip36), with ARK's field formats
 * (legacy-magistrate.ts).
 */
const legacy = (asset: z.ZodType) => z.object({ ...baseShape, ...magistrate, asset });

const businessRegistration = legacy(
  z.strictObject({
    businessRegistration: z.strictObject({
      name: genericName,
      website: uri,
      vat: vat.optional(),
      repository: uri.optional(),
    }),
  }),
);

const businessResignation = z.object({ ...baseShape, ...magistrate });

const businessUpdate = legacy(
  z.strictObject({
    businessUpdate: z
      .strictObject({
        name: genericName.optional(),
        website: uri.optional(),
        vat: vat.optional(),
        repository: uri.optional(),
      })
      .refine(
        (update) => Object.values(update).some((value) => value !== undefined),
        'must have one of name, website, vat or repository (business-update.ts anyOf)',
      ),
  }),
);

const bridgechainRegistration = legacy(
  z.strictObject({
    bridgechainRegistration: z.strictObject({
      name: genericName,
      seedNodes,
      genesisHash: hash32Hex,
      bridgechainRepository: uri,
      ports,
      bridgechainAssetRepository: uri.optional(),
    }),
  }),
);

const bridgechainResignation = legacy(
  z.strictObject({ bridgechainResignation: z.strictObject({ bridgechainId: hash32Hex }) }),
);

const bridgechainUpdate = legacy(
  z.strictObject({
    bridgechainUpdate: z
      .strictObject({
        bridgechainId: hash32Hex,
        seedNodes: seedNodes.optional(),
        ports: ports.optional(),
        bridgechainRepository: uri.optional(),
        bridgechainAssetRepository: uri.optional(),
      })
      .refine(
        ({ bridgechainId: _id, ...fields }) => Object.values(fields).some((value) => value !== undefined),
        'must have one of seedNodes, ports, bridgechainRepository or bridgechainAssetRepository (bridgechain-update.ts anyOf)',
      ),
  }),
);

const schemas: Record<number, z.ZodType> = {
  [MagistrateType.BusinessRegistration]: businessRegistration,
  [MagistrateType.BusinessResignation]: businessResignation,
  [MagistrateType.BusinessUpdate]: businessUpdate,
  [MagistrateType.BridgechainRegistration]: bridgechainRegistration,
  [MagistrateType.BridgechainResignation]: bridgechainResignation,
  [MagistrateType.BridgechainUpdate]: bridgechainUpdate,
  [MagistrateType.Entity]: entity,
};

export function magistrateRules(type: number): TypeRules | undefined {
  const schema = Object.hasOwn(schemas, type) ? schemas[type] : undefined;
  // Entity fees must equal the static fee (a handler rule, §5); the crypto schema only needs fee ≥ 0.
  if (schema === undefined) return undefined;
  return { schema, amount: 'zero', fee: type === MagistrateType.Entity ? 'any' : 'positive' };
}
