import { describe, expect, it } from 'vitest';
import devnetVectors from '../fixtures/vectors/transactions-devnet.json';
import mainnetVectors from '../fixtures/vectors/transactions-mainnet.json';
import magistrateVectors from '../fixtures/vectors/transactions-magistrate.json';
import blockVectors from '../fixtures/vectors/blocks.json';
import { multiSignaturePublicKey, addressFromPublicKey } from '../../src/core/protocol/crypto';
import { isProtocolError } from '../../src/core/protocol/errors';
import { toHex } from '../../src/core/protocol/hex';
import { contextMilestone } from '../../src/core/protocol/networks';
import { staticFee } from '../../src/core/protocol/fees';
import {
  deserializeTransactionHex,
  multiSignatureSigningHash,
  secondSigningHash,
  serializeTransaction,
  signTransaction,
  signingBytes,
  signingHash,
  transactionFromJson,
  transactionId,
  transactionToJson,
  verifyMultiSignatures,
  verifySecondSignature,
  verifyTransaction,
  type TransactionJson,
} from '../../src/core/protocol/transactions';
import {
  buildVector,
  contextOf,
  draftFromBuilderInputs,
  PASSPHRASE_1,
  type TransactionVector,
} from './transactions-support';

const devnet = devnetVectors.vectors as unknown as TransactionVector[];
const mainnet = mainnetVectors.vectors as unknown as TransactionVector[];
const entity = magistrateVectors.vectors as unknown as TransactionVector[];
const legacy = (magistrateVectors.legacy as unknown as TransactionVector[]).map((v) => ({
  ...v,
  network: 'devnet',
}));
const all = [...devnet, ...mainnet, ...entity, ...legacy];

/** JSON equality including the reference's key order. */
function expectSameJson(actual: TransactionJson, expected: TransactionJson): void {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

describe.each(all.map((v) => [v.description, v] as const))('%s', (_name, vector) => {
  const ctx = contextOf(vector.network, vector.configHeight);

  it('builds the same bytes, id, hashes, signatures and JSON from the builder inputs', () => {
    const tx = buildVector(vector, ctx);
    expect(toHex(serializeTransaction(tx))).toBe(vector.serializedHex);
    expect(tx.id).toBe(vector.id);
    expect(transactionId(tx)).toBe(vector.id);
    expectSameJson(transactionToJson(tx), vector.json);
    if (vector.signingHashHex) expect(toHex(signingHash(tx))).toBe(vector.signingHashHex);
    if (vector.bytesForSigningHex) expect(toHex(signingBytes(tx))).toBe(vector.bytesForSigningHex);
    if (vector.unsignedSerializedHex) {
      const unsigned = serializeTransaction(tx, {
        excludeSignature: true,
        excludeSecondSignature: true,
        excludeMultiSignatures: true,
      });
      expect(toHex(unsigned)).toBe(vector.unsignedSerializedHex);
    }
    expect(verifyTransaction(tx, ctx).verified).toBe(vector.verified);
    expect(staticFee(tx, contextMilestone(ctx)).toString()).toBe(vector.staticFee);
  });

  it('signs again to the same signatures (deterministic nonces)', () => {
    const first = buildVector(vector, ctx);
    const second = buildVector(vector, ctx);
    expect(second.signature).toBe(first.signature);
    expect(second.secondSignature).toBe(first.secondSignature);
    expect(second.signatures).toEqual(first.signatures);
    expect(vector.resignGivesSameSignature ?? true).toBe(true);
  });

  it('deserializes to the same JSON, re-serializes to the same bytes and verifies as the reference', () => {
    const tx = deserializeTransactionHex(vector.serializedHex, ctx);
    expectSameJson(transactionToJson(tx), vector.json);
    expect(toHex(serializeTransaction(tx))).toBe(vector.serializedHex);
    expect(verifyTransaction(tx, ctx).verified).toBe(vector.deserializedVerified ?? vector.verified);
    expect(transactionFromJson(vector.json, ctx)).toEqual(tx);
  });

  if (vector.secondSigningHashHex !== undefined) {
    it('has the second signing hash and a valid second signature', () => {
      const tx = deserializeTransactionHex(vector.serializedHex, ctx);
      expect(toHex(secondSigningHash(tx))).toBe(vector.secondSigningHashHex);
      expect(verifySecondSignature(tx, vector.secondPublicKey!)).toBe(vector.verifySecondSignature);
    });
  }

  if (vector.multiSignatureSigningHashHex !== undefined) {
    it('has the participants’ hash and their signatures verify against the multisignature asset', () => {
      const tx = deserializeTransactionHex(vector.serializedHex, ctx);
      expect(toHex(multiSignatureSigningHash(tx))).toBe(vector.multiSignatureSigningHashHex);
      const asset = vector.multiSignatureAsset ?? tx.asset!.multiSignature!;
      expect(verifyMultiSignatures(tx, asset)).toBe(vector.verifySignaturesWithAsset);
      const key = multiSignaturePublicKey(asset);
      if (vector.multiSignaturePublicKey) expect(key).toBe(vector.multiSignaturePublicKey);
      expect(addressFromPublicKey(key, ctx.network.network.pubKeyHash)).toBe(vector.multiSignatureAddress);
    });
  }
});

describe('devnet vector set', () => {
  it('covers every Core type 0..10 and the four vectors that say how they are signed', () => {
    expect(new Set(devnet.map((v) => v.json.type))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(all).toHaveLength(21 + 2 + 5 + 3);
  });

  it('a multisignature spend has no sender signature, so verifyTransaction says why', () => {
    const spend = devnet.find((v) => v.json.signatures && !v.json.signature)!;
    const result = verifyTransaction(
      deserializeTransactionHex(spend.serializedHex, contextOf('devnet', 6000000)),
      contextOf('devnet', 6000000),
    );
    expect(result.verified).toBe(false);
    expect(result.code).toBe('ERR_NO_SENDER_SIGNATURE');
    expect(result.reason).toMatch(/multisignature/);
  });
});

describe('HTLC lock on mainnet (htlcEnabled is never set there)', () => {
  const lock = mainnetVectors.htlcLockOnMainnet;
  const ctx = contextOf('mainnet', mainnetVectors.configHeight);

  it('deserializes with the reference id but does not verify', () => {
    const tx = deserializeTransactionHex(lock.serializedHex, ctx);
    expect(tx.id).toBe(lock.id);
    const result = verifyTransaction(tx, ctx);
    expect(result.verified).toBe(false);
    expect(result.reason).toMatch(/htlcEnabled/);
    expect(lock.verified).toBe(false);
  });
});

describe('magistrate types and milestones', () => {
  it('legacy business/bridgechain types verify only between aip11 and aip36, entities only from aip36', () => {
    const business = legacy[0]!;
    const before = contextOf('devnet', business.configHeight);
    const tx = deserializeTransactionHex(business.serializedHex, before);
    expect(verifyTransaction(tx, before).verified).toBe(true);
    expect(verifyTransaction(tx, contextOf('devnet', 6000000)).verified).toBe(false);

    const register = entity[0]!;
    const entityTx = deserializeTransactionHex(register.serializedHex, contextOf('devnet', 6000000));
    expect(verifyTransaction(entityTx, contextOf('devnet', 5000000)).verified).toBe(false);
  });

  it('the legacy entries are signed by passphrase 1 (they give no passphrase)', () => {
    for (const vector of legacy) {
      const tx = signTransaction(
        draftFromBuilderInputs(vector.builderInputs, vector.json),
        { passphrase: PASSPHRASE_1 },
        contextOf('devnet', vector.configHeight),
      );
      expect(tx.senderPublicKey).toBe(vector.json.senderPublicKey);
    }
  });
});

describe('legacy v1 transaction: the devnet genesis block’s first transaction', () => {
  const genesis = blockVectors.genesis.firstTransaction;
  const ctx = contextOf('devnet', 1);
  const { blockId: _blockId, blockHeight: _blockHeight, sequence: _sequence, ...json } = genesis.json;

  it('deserializes (genesis exemption from the fee minimum), has the getBytesV1 id and verifies', () => {
    const tx = deserializeTransactionHex(genesis.serializedHex, ctx, { genesis: true });
    expectSameJson(transactionToJson(tx), json);
    expect(toHex(serializeTransaction(tx))).toBe(genesis.serializedHex);
    expect(verifyTransaction(tx, ctx).verified).toBe(genesis.verified);
    expect(verifyTransaction(tx, contextOf('devnet', 6000000)).verified).toBe(false);
  });

  it('is rejected without the genesis exemption (fee 0), and after aip11 (version gate)', () => {
    expect(() => deserializeTransactionHex(genesis.serializedHex, ctx)).toThrowError(
      /^data\.fee: must be at least 1/,
    );
    let error: unknown;
    try {
      deserializeTransactionHex(genesis.serializedHex, contextOf('devnet', 6000000), { genesis: true });
    } catch (e) {
      error = e;
    }
    expect(isProtocolError(error) && error.code).toBe('ERR_VERSION');
  });

  it('reads back from its JSON (extra block fields dropped with strict: false)', () => {
    const tx = transactionFromJson(genesis.json, ctx, { genesis: true, strict: false });
    expect(tx.id).toBe(genesis.json.id);
  });
});
