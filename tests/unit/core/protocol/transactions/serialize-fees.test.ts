import { describe, expect, it } from 'vitest';
import { baseDynamicFee, dynamicFee, staticFee } from '../../../../../src/core/protocol/fees';
import { milestoneAt, devnet } from '../../../../../src/core/protocol/networks';
import {
  legacyHashBytes,
  serializeTransaction,
  transactionId,
  type TransactionData,
} from '../../../../../src/core/protocol/transactions';
import { codeOf, vectorTx } from './support';

describe('serializeTransaction errors', () => {
  const transfer = (): TransactionData => vectorTx('transfer (type 0)');

  it('unknown type, bad hex, missing recipient or asset, oversized vendorField', () => {
    expect(codeOf(() => serializeTransaction({ ...transfer(), type: 99 }))).toBe('ERR_UNKNOWN_TYPE');
    expect(codeOf(() => serializeTransaction({ ...transfer(), senderPublicKey: 'zz' }))).toBe('ERR_BYTES');
    expect(codeOf(() => serializeTransaction({ ...transfer(), senderPublicKey: 'ab' }))).toBe('ERR_BYTES');
    expect(codeOf(() => serializeTransaction({ ...transfer(), recipientId: undefined }))).toBe('ERR_SCHEMA');
    expect(codeOf(() => serializeTransaction({ ...transfer(), recipientId: 'not an address' }))).toBe(
      'ERR_ADDRESS',
    );
    expect(codeOf(() => serializeTransaction({ ...transfer(), vendorField: 'x'.repeat(256) }))).toBe(
      'ERR_VENDOR_FIELD',
    );
    expect(codeOf(() => serializeTransaction({ ...vectorTx('vote (type 3)'), asset: undefined }))).toBe(
      'ERR_SCHEMA',
    );
    expect(codeOf(() => serializeTransaction({ ...vectorTx('IPFS'), asset: { ipfs: '0OIl' } }))).toBe(
      'ERR_SCHEMA',
    );
    expect(codeOf(() => serializeTransaction({ ...vectorTx('IPFS'), asset: { ipfs: 'QmQm' } }))).toBe(
      'ERR_SCHEMA',
    );
  });

  it('version 1 ids use the legacy getBytesV1 layout (vote: recipient is written, second signature: zeros)', () => {
    const vote: TransactionData = {
      ...vectorTx('vote (type 3)'),
      version: 1,
      nonce: 0n,
      timestamp: 7,
      recipientId: 'DQveGkK7te33dWJwHgKpGKDr5amxAE7PF4',
    };
    const bytes = legacyHashBytes(vote);
    expect(bytes[0]).toBe(3);
    expect(bytes.subarray(1, 5)).toEqual(Uint8Array.of(7, 0, 0, 0));
    expect(bytes[38]).toBe(30);
    const second: TransactionData = {
      ...vectorTx('second signature registration'),
      version: 1,
      nonce: 0n,
      timestamp: 0,
    };
    expect(legacyHashBytes(second).subarray(38, 59)).toEqual(new Uint8Array(21));
    expect(transactionId(second)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('fee errors', () => {
  const milestone = milestoneAt(devnet, 6000000);
  it('unknown types and non-integer satoshiPerByte', () => {
    expect(codeOf(() => staticFee({ typeGroup: 1, type: 99, version: 2 }, milestone))).toBe(
      'ERR_UNKNOWN_TYPE',
    );
    expect(codeOf(() => staticFee({ typeGroup: 5, type: 0, version: 2 }, milestone))).toBe(
      'ERR_UNKNOWN_TYPE',
    );
    const tx = vectorTx('transfer (type 0)');
    expect(codeOf(() => baseDynamicFee(tx, { satoshiPerByte: 1.5 }))).toBe('ERR_SCHEMA');
    expect(codeOf(() => dynamicFee(tx, { satoshiPerByte: 1, addonBytes: -1 }))).toBe('ERR_SCHEMA');
    expect(dynamicFee(tx, { satoshiPerByte: 1, byteLength: 10 })).toBe(5n);
  });
});
