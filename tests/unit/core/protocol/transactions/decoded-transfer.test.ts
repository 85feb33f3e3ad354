import { describe, expect, it } from 'vitest';
import { devnet } from '../../../../../src/core/protocol/networks';
import { decodedCanonicalTransfer } from '../../../../../src/core/protocol/transactions/decoded-transfer';
import {
  deserializeTransaction,
  serializeTransaction,
  signTransaction,
  transactionAndBytesFromJson,
  transactionToJson,
  type TransactionData,
  type TransactionDraft,
} from '../../../../../src/core/protocol/transactions';
import { ctx, PASSPHRASE, RECIPIENT } from './support';

const transfer = (extra: Partial<TransactionDraft> = {}): TransactionDraft => ({
  type: 0,
  typeGroup: 1,
  nonce: 7n,
  fee: 10_000_000n,
  amount: 123_456n,
  recipientId: RECIPIENT,
  ...extra,
});

const signed = (extra: Partial<TransactionDraft> = {}, secondPassphrase?: string, ecdsa = false) =>
  transactionToJson(
    signTransaction(transfer(extra), { passphrase: PASSPHRASE, secondPassphrase, ecdsa }, ctx),
  ) as unknown as Record<string, unknown>;

/** The JSON path's result must be exactly what deserializing its bytes gives, field order included. */
function expectSameAsDeserialized(json: Record<string, unknown>, height = ctx.height): TransactionData {
  const chain = { network: devnet, height };
  const { tx, bytes } = transactionAndBytesFromJson(json, chain, { strict: false });
  const read = deserializeTransaction(bytes, chain);
  expect(tx).toStrictEqual(read);
  expect(Object.keys(tx)).toEqual(Object.keys(read));
  return tx;
}

describe('a canonical transfer from JSON is built once, exactly as its bytes decode', () => {
  const canonical: [string, Record<string, unknown>][] = [
    ['a plain transfer', signed()],
    ['with a vendorField', signed({ vendorField: 'pay 🍕 — invoice 42' })],
    ['with a BOM-led vendorField', signed({ vendorField: '\uFEFFhello' })],
    ['with an expiration', signed({ expiration: 4_000_000 })],
    ['with a second signature', signed({}, 'second passphrase')],
    ['with the largest int64 amount and nonce', signed({ amount: 2n ** 63n - 1n, nonce: 2n ** 63n - 1n })],
  ];

  it.each(canonical)('%s: the fast path answers, and matches deserializing', (_name, json) => {
    const tx = expectSameAsDeserialized(json);
    expect(tx.id).toBe(json.id);
    const { bytes } = transactionAndBytesFromJson(json, ctx, { strict: false });
    expect(decodedCanonicalTransfer(tx, bytes, ctx)).toStrictEqual(tx);
  });

  const upper = signed();
  const other: [string, Record<string, unknown>][] = [
    ['an empty vendorField', { ...signed(), vendorField: '' }],
    ['an upper-case signature', { ...upper, signature: (upper.signature as string).toUpperCase() }],
    [
      'an upper-case sender key',
      { ...upper, senderPublicKey: (upper.senderPublicKey as string).toUpperCase() },
    ],
    ['an ECDSA signature', signed({}, undefined, true)],
    ['an ECDSA second signature', signed({}, 'second passphrase', true)],
    ['a v2 timestamp (dropped)', { ...signed(), timestamp: 12345 }],
  ];

  it.each(other)('%s: deserializing decides, with the same result as before', (_name, json) => {
    expectSameAsDeserialized(json);
  });

  it('leaves the version gate to deserializing: a v2 transfer before AIP-11 is still ERR_VERSION', () => {
    const tx = signTransaction(transfer(), { passphrase: PASSPHRASE }, ctx);
    const before = { network: devnet, height: 1 };
    expect(decodedCanonicalTransfer(tx, serializeTransaction(tx), before)).toBeUndefined();
    expect(() => transactionAndBytesFromJson(transactionToJson(tx), before)).toThrow(
      expect.objectContaining({ code: 'ERR_VERSION' }) as Error,
    );
  });

  it('declines every shape it does not know to be canonical', () => {
    const tx = signTransaction(transfer(), { passphrase: PASSPHRASE }, ctx);
    const bytes = serializeTransaction(tx);
    const declined: TransactionData[] = [
      { ...tx, vendorField: '' },
      { ...tx, signature: tx.signature!.toUpperCase() },
      { ...tx, senderPublicKey: tx.senderPublicKey.toUpperCase() },
      { ...tx, signatures: ['00'.repeat(65)] },
      { ...tx, asset: {} },
      { ...tx, version: 1, timestamp: 1 },
      { ...tx, type: 3 },
    ];
    for (const shape of declined) expect(decodedCanonicalTransfer(shape, bytes, ctx)).toBeUndefined();
  });
});
