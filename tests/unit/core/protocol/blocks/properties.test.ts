import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockId,
  deserializeBlock,
  deserializeBlockHeader,
  serializeBlock,
  serializeBlockHeader,
  signBlock,
  verifyBlock,
  type BlockHeader,
} from '../../../../../src/core/protocol/blocks';
import { ProtocolError } from '../../../../../src/core/protocol/errors';
import { toHex } from '../../../../../src/core/protocol/hex';
import { devnet } from '../../../../../src/core/protocol/networks';
import { generatorKey, generatorPublicKey, nowFor } from './helpers';

const u32 = fc.integer({ min: 0, max: 0xffffffff });
const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex);

/** Random valid headers on both sides of devnet's idFullSha256 switch (1895000). */
const headerArb: fc.Arbitrary<BlockHeader> = fc
  .record({
    version: u32,
    timestamp: u32,
    height: fc.oneof(fc.integer({ min: 2, max: 1895000 }), fc.integer({ min: 1895001, max: 0xffffffff })),
    legacyPrevious: u64,
    fullPrevious: hex32,
    numberOfTransactions: u32,
    totalAmount: u64,
    totalFee: u64,
    reward: u64,
    payloadLength: u32,
    payloadHash: hex32,
  })
  .map(({ legacyPrevious, fullPrevious, ...rest }) => ({
    ...rest,
    previousBlock: rest.height > 1895000 ? fullPrevious : legacyPrevious.toString(),
    generatorPublicKey,
  }));

describe('block properties', () => {
  it('signed headers round-trip through bytes with the same id', () => {
    fc.assert(
      fc.property(headerArb, (header) => {
        const signed = signBlock(header, generatorKey, devnet);
        const read = deserializeBlockHeader(serializeBlockHeader(signed, devnet), devnet);
        expect(read).toEqual(signed);
        expect(blockId(read, devnet)).toBe(signed.id);
      }),
      { numRuns: 60 },
    );
  });

  it('empty blocks round-trip through full serialization', () => {
    fc.assert(
      fc.property(headerArb, (header) => {
        const signed = signBlock({ ...header, numberOfTransactions: 0 }, generatorKey, devnet);
        const block = deserializeBlock(serializeBlock({ header: signed, transactions: [] }, devnet), devnet);
        expect(block.header).toEqual(signed);
        expect(block.transactions).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('a flipped bit in a signed header fails verification or changes the id', () => {
    const header: BlockHeader = {
      version: 0,
      timestamp: 150000000,
      height: 6000001,
      previousBlock: 'd94b569f62571bdcac214e45578f8d992606c620aec4854af84b8f3e40fb2fb2',
      numberOfTransactions: 0,
      totalAmount: 0n,
      totalFee: 0n,
      reward: 200000000n,
      payloadLength: 0,
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      generatorPublicKey,
    };
    const signed = signBlock(header, generatorKey, devnet);
    const bytes = serializeBlock({ header: signed, transactions: [] }, devnet);
    const now = nowFor(header.timestamp);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: bytes.length * 8 - 1 }), (bit) => {
        const flipped = new Uint8Array(bytes);
        flipped[bit >> 3]! ^= 1 << (bit & 7);
        let block;
        try {
          block = deserializeBlock(flipped, devnet);
        } catch (error) {
          expect(error).toBeInstanceOf(ProtocolError);
          return;
        }
        const verified = verifyBlock(block, devnet, { now }).verified;
        expect(!verified || block.header.id !== signed.id).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
