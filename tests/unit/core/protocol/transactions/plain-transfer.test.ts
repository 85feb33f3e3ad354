/**
 * The checks without zod (schemas/plain-transfer.ts, json-shape.ts plainShape) may only ever say "accepted" where
 * the zod schema they stand in for accepts: fields drawn from valid and invalid values alike, every draw either
 * refused by the check or accepted by the schema. And they must accept what wallets send, or the fast path is
 * never taken.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT64_MAX, transactionToJson } from '../../../../../src/core/protocol/transactions';
import { coreRules } from '../../../../../src/core/protocol/transactions/schemas/core';
import { isPlainTransfer } from '../../../../../src/core/protocol/transactions/schemas/plain-transfer';
import {
  plainShape,
  looseShape,
  strictShape,
} from '../../../../../src/core/protocol/transactions/json-shape';
import { vectorTx } from './support';

const transferSchema = coreRules(0, 2)!.schema;
const transfer = () => vectorTx('transfer (type 0)') as unknown as Record<string, unknown>;

/** Leaves a field as it is: most draws change one or two fields, so that some pass and some fail. */
const KEEP = Symbol('keep');
const orKeep = <T>(values: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 9, arbitrary: fc.constant(KEEP) }, { weight: 1, arbitrary: values });
const changes = <T>(fields: Record<string, fc.Arbitrary<T>>) =>
  fc.record(Object.fromEntries(Object.entries(fields).map(([key, values]) => [key, orKeep(values)])));

/** A value for a field: one that fits, or one of the ways a value can fail to. */
const anyOf = (...values: unknown[]) => fc.constantFrom(...values);
const hexOf = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: length, maxLength: length });
const nonHex = anyOf('', 'a', 'zz', '0x12', 'g'.repeat(66), 'ab ', 12, null);
const integers = anyOf(
  0,
  1,
  2,
  30,
  255,
  256,
  0xffff,
  0x10000,
  0xffffffff,
  2 ** 32,
  -1,
  -0,
  1.5,
  NaN,
  Infinity,
);
const bigints = anyOf(0n, 1n, 25_000_000n, INT64_MAX, INT64_MAX + 1n, -1n, 1, '1');
const addresses = anyOf(
  'DQveGkK7te33dWJwHgKpGKDr5amxAE7PF4',
  'DQveGkK7te33dWJwHgKpGKDr5amxAE7PF', // 33 characters
  'DQveGkK7te33dWJwHgKpGKDr5amxAE7PF0', // 0 is not Base58
  'DQveGkK7te33dWJwHgKpGKDr5amxAE7PFl',
  '',
  17,
);
const texts = anyOf('', 'hello', 'ü', '\uD83D\uDE00', '\uD83D', 'a\uDE00', 7);

/** A transfer's fields, each kept, dropped or replaced by a drawn value (as many fields changed as drawn). */
const transfers = changes<unknown>({
  version: anyOf(1, 2, 3, '2', 0),
  network: integers,
  typeGroup: anyOf(1, 2, 0, '1'),
  type: integers,
  nonce: bigints,
  timestamp: fc.oneof(integers, anyOf(undefined)),
  senderPublicKey: fc.oneof(hexOf(66), hexOf(64), nonHex),
  fee: bigints,
  amount: bigints,
  vendorField: fc.oneof(texts, anyOf(undefined)),
  expiration: fc.oneof(integers, anyOf(undefined)),
  recipientId: addresses,
  asset: anyOf(undefined, {}, { votes: [] }),
  signature: fc.oneof(hexOf(128), hexOf(142), hexOf(3), nonHex, anyOf(undefined)),
  secondSignature: fc.oneof(hexOf(128), nonHex, anyOf(undefined)),
  signatures: anyOf(undefined, [], ['00'.repeat(65)]),
  id: fc.oneof(hexOf(64), hexOf(62), nonHex, anyOf(undefined)),
  extra: anyOf(undefined, 1),
}).map((drawn) => {
  const tx = transfer();
  for (const [key, value] of Object.entries(drawn)) {
    if (value === KEEP) continue;
    if (key === 'extra') tx['unknownField'] = value;
    else tx[key] = value;
  }
  return tx;
});

describe('isPlainTransfer: the transfer schema without zod', () => {
  it('accepts a signed transfer as wallets send it', () => {
    expect(isPlainTransfer(transfer())).toBe(true);
    expect(isPlainTransfer({ ...transfer(), vendorField: 'for the rent', expiration: 120 })).toBe(true);
  });

  it('accepts nothing the schema refuses', () => {
    let accepted = 0;
    fc.assert(
      fc.property(transfers, (tx) => {
        if (!isPlainTransfer(tx)) return;
        accepted++;
        expect(transferSchema.safeParse(tx).success).toBe(true);
      }),
      { numRuns: 5_000 },
    );
    // The draws reach the accepting side too, or the property above would say nothing.
    expect(accepted).toBeGreaterThan(50);
  });

  it('refuses each field the schema refuses, one at a time', () => {
    const cases: Record<string, unknown>[] = [
      { version: 3 },
      { network: 256 },
      { typeGroup: 2 },
      { nonce: INT64_MAX + 1n },
      { fee: -1n },
      { amount: 1 },
      { timestamp: 2 ** 32 },
      { senderPublicKey: 'ab' },
      { vendorField: '\uD83D' },
      { expiration: -1 },
      { recipientId: 'DQveGkK7te33dWJwHgKpGKDr5amxAE7PF0' },
      { signature: 'abc' },
      { secondSignature: '' },
      { id: 'ab' },
    ];
    for (const change of cases) {
      const tx = { ...transfer(), ...change };
      expect(transferSchema.safeParse(tx).success, JSON.stringify(Object.keys(change))).toBe(false);
      expect(isPlainTransfer(tx), JSON.stringify(Object.keys(change))).toBe(false);
    }
  });
});

/** A transfer's JSON, each field kept, dropped or replaced by a drawn JSON value. */
const jsonValues = anyOf(
  undefined,
  null,
  0,
  -0,
  2,
  -1,
  1.5,
  2 ** 53,
  '',
  '1',
  '12345',
  '1'.repeat(31),
  '-1',
  'x',
  [],
  {},
  ['aa'],
);
const transferJsons = changes<unknown>({
  version: jsonValues,
  network: jsonValues,
  typeGroup: jsonValues,
  type: jsonValues,
  nonce: jsonValues,
  timestamp: jsonValues,
  senderPublicKey: jsonValues,
  fee: jsonValues,
  amount: jsonValues,
  vendorField: jsonValues,
  expiration: jsonValues,
  recipientId: jsonValues,
  asset: jsonValues,
  signature: jsonValues,
  secondSignature: jsonValues,
  signSignature: jsonValues,
  signatures: jsonValues,
  id: jsonValues,
  unknownField: jsonValues,
}).map((drawn) => {
  const json = JSON.parse(JSON.stringify(transactionToJson(vectorTx('transfer (type 0)')))) as Record<
    string,
    unknown
  >;
  for (const [key, value] of Object.entries(drawn)) {
    if (value === KEEP) continue;
    if (value === undefined) delete json[key];
    else json[key] = value;
  }
  return json;
});

describe('plainShape: the JSON shape without zod', () => {
  const postedJson = () =>
    JSON.parse(JSON.stringify(transactionToJson(vectorTx('transfer (type 0)')))) as Record<string, unknown>;

  it('accepts a signed transfer as wallets post it', () => {
    expect(plainShape(postedJson(), true)).toEqual(postedJson());
    expect(plainShape(postedJson(), false)).toEqual(postedJson());
  });

  it('accepts nothing the schema refuses, strict and loose, and gives the fields the schema gives', () => {
    let accepted = 0;
    fc.assert(
      fc.property(transferJsons, fc.boolean(), (json, strict) => {
        const plain = plainShape(json, strict);
        if (plain === undefined) return;
        accepted++;
        const parsed = (strict ? strictShape : looseShape).safeParse(json);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(plain);
      }),
      { numRuns: 5_000 },
    );
    expect(accepted).toBeGreaterThan(50);
  });

  it('leaves to the schema an object that is not plain data', () => {
    // A key inherited from a prototype: the strict schema sees it (for…in) and refuses it.
    const inherited = Object.assign(Object.create({ extra: 1 }) as object, postedJson());
    expect(plainShape(inherited, true)).toBeUndefined();
    expect(strictShape.safeParse(inherited).success).toBe(false);
    // A class instance: not what JSON.parse makes.
    class Posted {}
    expect(plainShape(Object.assign(new Posted(), postedJson()), false)).toBeUndefined();
  });

  it('reads each field once: a field that changes between reads cannot pass one value and hand on another', () => {
    const json = postedJson();
    const amounts = ['100000000', '0x2540BE400'];
    let reads = 0;
    Object.defineProperty(json, 'amount', { enumerable: true, get: () => amounts[Math.min(reads++, 1)] });
    const plain = plainShape(json, true);
    expect(reads).toBe(1);
    expect(plain?.amount).toBe('100000000');
  });
});

describe('isPlainTransfer: what is not an object of fields', () => {
  it("refuses an array holding a transfer's fields, as the schema does", () => {
    const array = Object.assign([], transfer());
    expect(transferSchema.safeParse(array).success).toBe(false);
    expect(isPlainTransfer(array as unknown as Record<string, unknown>)).toBe(false);
  });
});
