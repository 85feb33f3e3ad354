import { describe, expect, it } from 'vitest';
import { devnet } from '../../../../../src/core/protocol/networks';
import {
  deserializeTransaction,
  deserializeTransactionHex,
  serializeTransaction,
  type TransactionData,
} from '../../../../../src/core/protocol/transactions';
import { codeOf, ctx, MAINNET_ADDRESS, messageOf, patched, splice, vectorBytes, vectorTx } from './support';

/** Offsets in a v2 transaction: header 58 bytes, then the vendorField length byte, then the asset (§4.1). */
const VENDOR_LENGTH_AT = 58;
const ASSET_AT = 59;

describe('deserializeTransaction: malformed bytes are typed errors', () => {
  it('requires the 0xff marker', () => {
    expect(
      codeOf(() => deserializeTransaction(patched(vectorBytes('transfer (type 0)'), 0, 0xfe), ctx)),
    ).toBe('ERR_BYTES');
  });

  it('rejects empty input and odd hex', () => {
    expect(codeOf(() => deserializeTransaction(new Uint8Array(0), ctx))).toBe('ERR_BYTES');
    expect(codeOf(() => deserializeTransactionHex('ff0', ctx))).toBe('ERR_BYTES');
  });

  it('reports an unknown type group the reference way', () => {
    const bytes = patched(vectorBytes('transfer (type 0)'), 3, 7);
    expect(messageOf(() => deserializeTransaction(bytes, ctx))).toBe('Unknown transaction type: 7/0');
  });

  it('accepts only 0x00 and 0x01 as vote flags (the reference would normalize 0x11 to "+")', () => {
    const vote = vectorBytes('vote (type 3)');
    expect(vote[ASSET_AT + 1]).toBe(0x01);
    expect(codeOf(() => deserializeTransaction(patched(vote, ASSET_AT + 1, 0x11), ctx))).toBe('ERR_BYTES');
  });

  it('rejects a vendorField on a type without one (the reference would skip it and write 0x00 back)', () => {
    const vote = vectorBytes('vote (type 3)');
    const bytes = splice(vote, VENDOR_LENGTH_AT, 1, [0x01, 0x41]);
    expect(messageOf(() => deserializeTransaction(bytes, ctx))).toMatch(/carries no vendorField/);
  });

  it('rejects a vendorField that is not UTF-8', () => {
    const bytes = vectorBytes('transfer with ASCII vendorField');
    expect(messageOf(() => deserializeTransaction(patched(bytes, ASSET_AT, 0xff), ctx))).toMatch(
      /not valid UTF-8/,
    );
  });

  it('keeps a UTF-8 byte order mark (decoding stays one-to-one)', () => {
    const tx = vectorTx('transfer with ASCII vendorField');
    const withBom: TransactionData = { ...tx, vendorField: '\uFEFFbom' };
    const decoded = deserializeTransaction(serializeTransaction(withBom), ctx);
    expect(decoded.vendorField).toBe('\uFEFFbom');
  });

  it('applies the version gate after reading: version 3 → ERR_VERSION, v2 before aip11 → ERR_VERSION', () => {
    expect(codeOf(() => deserializeTransaction(patched(vectorBytes('transfer (type 0)'), 1, 3), ctx))).toBe(
      'ERR_VERSION',
    );
    const early = { network: devnet, height: 100 };
    expect(codeOf(() => deserializeTransaction(vectorBytes('transfer (type 0)'), early))).toBe('ERR_VERSION');
  });

  it('rejects trailing bytes the signature trailer cannot account for', () => {
    const ecdsa = vectorBytes('v2 transfer whose `signature` is an ECDSA');
    expect(codeOf(() => deserializeTransaction(Uint8Array.from([...ecdsa, 0x00]), ctx))).toBe('ERR_BYTES');
    const schnorr = vectorBytes('transfer (type 0)');
    expect(messageOf(() => deserializeTransaction(Uint8Array.from([...schnorr, 1, 2, 3]), ctx))).toMatch(
      /signature buffer not exhausted|Read over buffer boundary/,
    );
  });

  it('rejects a legacy 0xFF multisignature blob in version 2', () => {
    const ecdsa = vectorBytes('v2 transfer whose `signature` is an ECDSA');
    const bytes = Uint8Array.from([...ecdsa, 0xff, ...new Uint8Array(65)]);
    expect(messageOf(() => deserializeTransaction(bytes, ctx))).toMatch(/legacy multisignature blob/);
  });

  it('reports a payment recipient of another network as ERR_NETWORK', () => {
    const tx = vectorTx('multipayment');
    const payments = tx.asset!.payments!.map((p, i) =>
      i === 1 ? { ...p, recipientId: MAINNET_ADDRESS } : p,
    );
    const bytes = serializeTransaction({ ...tx, asset: { payments } });
    expect(messageOf(() => deserializeTransaction(bytes, ctx))).toBe(
      'Expected address network byte 30, but got 23.',
    );
  });

  it('reports a wrong network byte of the transaction itself as a schema error', () => {
    expect(
      messageOf(() => deserializeTransaction(patched(vectorBytes('transfer (type 0)'), 2, 23), ctx)),
    ).toMatch(/^data\.network:/);
  });
});

describe('legacy bridgechain ports must decode one-to-one', () => {
  const legacyCtx = { network: devnet, height: 5000000 };
  const bridgechain = (ports: Record<string, number>): TransactionData => ({
    version: 2,
    network: 30,
    typeGroup: 2,
    type: 3,
    nonce: 1n,
    senderPublicKey: '0205d9bbe71c343ac9a6a83a4344fd404c3534fc7349827097d0835d160bc2b896',
    fee: 5000000000n,
    amount: 0n,
    asset: {
      bridgechainRegistration: {
        name: 'chain',
        seedNodes: ['1.2.3.4'],
        genesisHash: '11'.repeat(32),
        bridgechainRepository: 'https://example.org/repo',
        // ARK's schema requires the core-api port (core-magistrate-crypto bridgechain-schemas.ts).
        ports: { '@arkecosystem/core-api': 4003, ...ports },
      },
    },
    signature: '22'.repeat(64),
  });
  /** Byte offset of the port name "cd" (length-prefixed, so 0x02 'c' 'd'). */
  const portNameAt = (bytes: Uint8Array) =>
    bytes.findIndex((b, i) => b === 0x02 && bytes[i + 1] === 0x63 && bytes[i + 2] === 0x64) + 1;

  it('decodes ports in their byte order', () => {
    const tx = deserializeTransaction(serializeTransaction(bridgechain({ ab: 1, cd: 2 })), legacyCtx);
    expect(Object.entries(tx.asset?.bridgechainRegistration?.ports ?? {})).toEqual([
      ['@arkecosystem/core-api', 4003],
      ['ab', 1],
      ['cd', 2],
    ]);
  });

  it('rejects duplicate names and integer-like names that JavaScript would reorder', () => {
    const bytes = serializeTransaction(bridgechain({ ab: 1, cd: 2 }));
    const at = portNameAt(bytes);
    expect(at).toBeGreaterThan(0);
    const duplicate = Uint8Array.from(bytes);
    duplicate.set([0x61, 0x62], at);
    expect(messageOf(() => deserializeTransaction(duplicate, legacyCtx))).toMatch(/duplicate port name/);
    const integer = Uint8Array.from(bytes);
    integer.set([0x31, 0x32], at);
    expect(messageOf(() => deserializeTransaction(integer, legacyCtx))).toMatch(/integer-like/);
  });
});
