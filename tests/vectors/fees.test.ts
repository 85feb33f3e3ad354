import { describe, expect, it } from 'vitest';
import fees from '../fixtures/vectors/fees.json';
import devnetVectors from '../fixtures/vectors/transactions-devnet.json';
import magistrateVectors from '../fixtures/vectors/transactions-magistrate.json';
import { devnet, mainnet, milestoneAt, testnet, type Network } from '../../src/core/protocol/networks';
import {
  baseDynamicFee,
  DEFAULT_DYNAMIC_FEES,
  DEFAULT_STATIC_FEES,
  dynamicFee,
  staticFee,
} from '../../src/core/protocol/fees';
import { deserializeTransactionHex, typeName } from '../../src/core/protocol/transactions';
import { contextOf } from './transactions-support';

const presets: Record<string, Network> = { mainnet, devnet, testnet };
const coreTypes = Array.from({ length: 11 }, (_, type) => type);
const ctx = contextOf('devnet', 6000000);

function vectorByDescription(description: string) {
  const vector = devnetVectors.vectors.find((v) => v.description === description);
  if (!vector) throw new Error(`no devnet vector "${description}"`);
  return vector;
}

describe.each(Object.entries(fees.staticFees))('static fees of %s', (name, table) => {
  const network = presets[name]!;
  const heights = [...new Set(network.milestones.map((m) => m.height))];

  it('the milestone fees.staticFees equal the table at every milestone height', () => {
    for (const height of heights)
      expect(milestoneAt(network, height).fees.staticFees).toEqual(table.milestoneStaticFees);
  });

  it('staticFee of each Core type equals the class fee, and multisignature × (3 + 1) for 3 keys', () => {
    const milestone = milestoneAt(network, heights[heights.length - 1]!);
    for (const type of coreTypes) {
      const key = typeName(1, type)! as keyof typeof table.classStaticFee;
      expect(staticFee({ typeGroup: 1, type, version: 2 }, milestone).toString()).toBe(
        table.classStaticFee[key],
      );
    }
    const publicKeys = ['a', 'b', 'c'];
    const multisig = staticFee(
      { typeGroup: 1, type: 4, version: 2, asset: { multiSignature: { min: 2, publicKeys } } },
      milestone,
    );
    expect(multisig.toString()).toBe(table.multiSignatureFor3Participants);
  });
});

describe('static fee defaults and magistrate fees', () => {
  it('class defaults', () => {
    expect(
      Object.fromEntries(Object.entries(DEFAULT_STATIC_FEES).map(([k, v]) => [k, v.toString()])),
    ).toEqual(fees.defaultStaticFeeOfClasses);
    expect(fees.multiSignatureStaticFeeRule).toContain('(publicKeys.length + 1)');
  });

  it('a milestone without a key falls back to the class default', () => {
    expect(staticFee({ typeGroup: 1, type: 0, version: 2 }, { fees: { staticFees: {} } } as never)).toBe(
      10000000n,
    );
  });

  it('entity register / update / resign and the legacy business/bridgechain types', () => {
    const milestone = milestoneAt(devnet, 6000000);
    const entity = (action: number) =>
      staticFee(
        { typeGroup: 2, type: 6, version: 2, asset: { type: 0, subType: 0, action, data: {} } },
        milestone,
      );
    expect(entity(0).toString()).toBe(fees.magistrateStaticFees.entityRegister);
    expect(entity(1).toString()).toBe(fees.magistrateStaticFees.entityUpdate);
    expect(entity(2).toString()).toBe(fees.magistrateStaticFees.entityResign);
    for (const type of [0, 1, 2, 3, 4, 5]) {
      expect(staticFee({ typeGroup: 2, type, version: 2 }, milestone).toString()).toBe(
        fees.magistrateStaticFees.legacyBusinessAndBridgechainTypes,
      );
    }
  });

  it('every magistrate vector has the static fee it was built with', () => {
    for (const vector of [...magistrateVectors.vectors, ...magistrateVectors.legacy]) {
      const vctx = contextOf('devnet', vector.configHeight);
      const tx = deserializeTransactionHex(vector.serializedHex, vctx);
      expect(staticFee(tx, milestoneAt(devnet, vector.configHeight)).toString()).toBe(vector.staticFee);
    }
  });
});

describe('dynamic fees (core-transaction-pool 3.9.1 defaults, core-transactions 3.9.1 formula)', () => {
  it('DEFAULT_DYNAMIC_FEES are the pool defaults', () => {
    const defaults = fees.dynamicFeeDefaults_coreTransactionPool_3_9_1;
    expect(DEFAULT_DYNAMIC_FEES.minFeePool).toBe(defaults.minFeePool);
    expect(DEFAULT_DYNAMIC_FEES.minFeeBroadcast).toBe(defaults.minFeeBroadcast);
    expect(DEFAULT_DYNAMIC_FEES.addonBytes).toEqual(defaults.addonBytes);
    expect(DEFAULT_DYNAMIC_FEES.enabled).toBe(true);
  });

  it.each(fees.perVector.map((p) => [p.description, p] as const))('%s', (description, entry) => {
    const vector = vectorByDescription(description);
    const tx = deserializeTransactionHex(vector.serializedHex, ctx);
    expect(vector.serializedHex.length / 2).toBe(entry.serializedByteLength);
    expect(staticFee(tx, milestoneAt(devnet, ctx.height)).toString()).toBe(entry.staticFee);

    const dynamic = entry.dynamicFee as {
      addonBytes?: number;
      satoshiPerByte?: number;
      asImplementedInCore3_minFeePool?: string;
      formulaWithFullByteLength_minFeePool?: string;
      asImplemented?: string;
    };
    const options = {
      satoshiPerByte: DEFAULT_DYNAMIC_FEES.minFeePool,
      addonBytes: DEFAULT_DYNAMIC_FEES.addonBytes,
    };
    const expected = dynamic.asImplementedInCore3_minFeePool ?? dynamic.asImplemented;
    expect(dynamicFee(tx, options).toString()).toBe(expected);
    if (dynamic.addonBytes !== undefined && dynamic.satoshiPerByte !== undefined) {
      expect(dynamic.satoshiPerByte).toBe(options.satoshiPerByte);
      expect(
        dynamicFee(tx, { satoshiPerByte: dynamic.satoshiPerByte, addonBytes: dynamic.addonBytes }).toString(),
      ).toBe(expected);
      // The intended full-length formula is not what core 3.9.1 computes.
      const fullLength =
        BigInt(dynamic.addonBytes + entry.serializedByteLength) * BigInt(dynamic.satoshiPerByte);
      expect(fullLength.toString()).toBe(dynamic.formulaWithFullByteLength_minFeePool);
      expect(fullLength.toString()).not.toBe(expected);
    }
  });

  it.each(fees.realHandlerDynamicFee.results.map((r) => [r.description, r] as const))(
    'real handler: %s',
    (description, result) => {
      const tx = deserializeTransactionHex(vectorByDescription(description).serializedHex, ctx);
      const satoshiPerByte = fees.realHandlerDynamicFee.satoshiPerByte;
      expect(typeName(tx.typeGroup, tx.type)).toBe(result.key);
      expect(baseDynamicFee(tx, { satoshiPerByte, addonBytes: result.addonBytes }).toString()).toBe(
        result.baseHandlerMinFee,
      );
      expect(
        baseDynamicFee(tx, { satoshiPerByte, addonBytes: DEFAULT_DYNAMIC_FEES.addonBytes }).toString(),
      ).toBe(result.baseHandlerMinFee);
      // HTLC claim and refund handlers override the base handler with 0.
      const claimOrRefund = result.key === 'htlcClaim' || result.key === 'htlcRefund';
      expect(dynamicFee(tx, { satoshiPerByte, addonBytes: result.addonBytes }).toString()).toBe(
        claimOrRefund ? '0' : result.baseHandlerMinFee,
      );
    },
  );

  it('satoshiPerByte ≤ 0 counts as 1; a missing addonBytes key counts 0; Entity returns its static fee', () => {
    const tx = deserializeTransactionHex(devnetVectors.vectors[0]!.serializedHex, ctx);
    expect(dynamicFee(tx, { satoshiPerByte: 0, addonBytes: 100 })).toBe(178n);
    expect(dynamicFee(tx, { satoshiPerByte: -5, addonBytes: 100 })).toBe(178n);
    expect(dynamicFee(tx, { satoshiPerByte: 1, addonBytes: {} })).toBe(78n);
    const entity = deserializeTransactionHex(magistrateVectors.vectors[0]!.serializedHex, ctx);
    expect(dynamicFee(entity, { satoshiPerByte: 3000, addonBytes: DEFAULT_DYNAMIC_FEES.addonBytes })).toBe(
      5000000000n,
    );
  });
});
