import { describe, expect, it } from 'vitest';
import devnetVectors from '../../../../fixtures/vectors/transactions-devnet.json';
import {
  draftFromJson,
  signTransaction,
  transactionFromJson,
  transactionToJson,
} from '../../../../../src/core/protocol/transactions';
import { codeOf, ctx, messageOf, PASSPHRASE } from './support';

const json = () => structuredClone(devnetVectors.vectors[0]!.json) as Record<string, unknown>;
const multipayment = () =>
  structuredClone(devnetVectors.vectors.find((v) => v.json.type === 6)!.json) as Record<string, unknown>;

describe('transactionFromJson: garbage is ERR_JSON naming the field', () => {
  it.each([null, undefined, 42, 'text', [], [json()], true])('rejects %j', (value) => {
    expect(codeOf(() => transactionFromJson(value, ctx))).toBe('ERR_JSON');
  });

  it('wants decimal strings for big numbers', () => {
    expect(messageOf(() => transactionFromJson({ ...json(), amount: 100000000 }, ctx))).toMatch(
      /^data\.amount:/,
    );
    expect(messageOf(() => transactionFromJson({ ...json(), fee: '1.5' }, ctx))).toMatch(
      /^data\.fee: must be a decimal/,
    );
    expect(messageOf(() => transactionFromJson({ ...json(), nonce: '-1' }, ctx))).toMatch(/^data\.nonce/);
    const mp = multipayment();
    (mp.asset as { payments: { amount: unknown }[] }).payments[0]!.amount = 100;
    expect(messageOf(() => transactionFromJson(mp, ctx))).toBe(
      'data.asset.payments[0].amount: must be a decimal integer string',
    );
  });

  it('rejects unknown keys unless strict is false, non-JSON values in the asset, and NaN', () => {
    expect(codeOf(() => transactionFromJson({ ...json(), blockId: '1' }, ctx))).toBe('ERR_JSON');
    expect(transactionFromJson({ ...json(), blockId: '1' }, ctx, { strict: false }).id).toBe(json().id);
    const mp = multipayment();
    (mp.asset as Record<string, unknown>).extra = new Date(0);
    expect(codeOf(() => transactionFromJson(mp, ctx))).toBe('ERR_JSON');
    expect(codeOf(() => transactionFromJson({ ...json(), expiration: Number.NaN }, ctx))).toBe('ERR_JSON');
  });

  it('applies the schema after the shape: ERR_SCHEMA with the field path', () => {
    expect(messageOf(() => transactionFromJson({ ...json(), amount: '0' }, ctx))).toMatch(
      /^data\.amount: must be at least 1/,
    );
    const { nonce: _nonce, ...withoutNonce } = json();
    expect(messageOf(() => transactionFromJson(withoutNonce, ctx))).toBe('data.nonce: is required');
    const { signature: _signature, ...unsigned } = json();
    expect(codeOf(() => transactionFromJson(unsigned, ctx))).toBe('ERR_SCHEMA');
    expect(codeOf(() => transactionFromJson({ ...json(), type: 99 }, ctx))).toBe('ERR_UNKNOWN_TYPE');
  });

  it('recomputes the id like the reference, and never keeps a key named __proto__ as a prototype', () => {
    expect(transactionFromJson({ ...json(), id: 'ab'.repeat(32) }, ctx).id).toBe(json().id);
    const polluted = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(codeOf(() => transactionFromJson({ ...json(), asset: polluted }, ctx))).toBe('ERR_SCHEMA');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('toJson output is a copy', () => {
    const tx = transactionFromJson(multipayment(), ctx);
    const out = transactionToJson(tx);
    (out.asset!.payments![0] as { amount: string }).amount = '1';
    expect(tx.asset!.payments![0]!.amount).toBe(100n);
  });
});

describe('draftFromJson', () => {
  it('reads an unsigned draft that signTransaction completes', () => {
    const { signature: _s, id: _i, fee: _f, senderPublicKey: _p, network: _n, version: _v, ...rest } = json();
    const draft = draftFromJson(rest, ctx);
    const tx = signTransaction(draft, { passphrase: PASSPHRASE }, ctx);
    expect(transactionToJson(tx)).toEqual(json());
  });

  it('keeps participant signatures, drops signature and id, and checks the network byte', () => {
    const draft = draftFromJson({ ...json(), signatures: ['00'.repeat(65)] }, ctx);
    expect(draft.signature).toBeUndefined();
    expect(draft.id).toBeUndefined();
    expect(draft.signatures).toHaveLength(1);
    expect(codeOf(() => draftFromJson({ ...json(), network: 23 }, ctx))).toBe('ERR_SCHEMA');
    expect(codeOf(() => draftFromJson({ ...json(), fee: 1 }, ctx))).toBe('ERR_JSON');
  });
});
