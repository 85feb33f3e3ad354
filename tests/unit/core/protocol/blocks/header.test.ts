import { describe, expect, it } from 'vitest';
import {
  blockHeaderFromJson,
  blockHeaderToJson,
  blockId,
  blockIdFromHash,
  deserializeBlockHeader,
  headerSizeWithoutSignature,
  legacyIdFromHex,
  blockIdHex,
  legacyIdToHex,
  previousBlockIsFullSha256,
  serializeBlockHeader,
  signBlock,
  type BlockHeader,
} from '../../../../../src/core/protocol/blocks';
import { ProtocolError } from '../../../../../src/core/protocol/errors';
import { fromHex, toHex } from '../../../../../src/core/protocol/hex';
import { devnet, mainnet } from '../../../../../src/core/protocol/networks';
import { generatorKey, generatorPublicKey, previousId } from './helpers';

const base: BlockHeader = {
  version: 0,
  timestamp: 100,
  height: 1895000,
  previousBlock: '12760288562212273414',
  numberOfTransactions: 0,
  totalAmount: 0n,
  totalFee: 0n,
  reward: 200000000n,
  payloadLength: 0,
  payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  generatorPublicKey,
};

function expectBlockError(fn: () => unknown, message?: RegExp): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe('ERR_BLOCK');
    if (message) expect((error as ProtocolError).message).toMatch(message);
    return;
  }
  throw new Error('expected a ProtocolError');
}

describe('previousBlock width follows milestone(height − 1) (§6.1)', () => {
  it('the first full-SHA256 block still has an 8-byte previousBlock, the next one 32 bytes', () => {
    expect(previousBlockIsFullSha256(1895000, devnet)).toBe(false);
    expect(previousBlockIsFullSha256(1895001, devnet)).toBe(true);
    expect(previousBlockIsFullSha256(8204001, mainnet)).toBe(true);
    expect(headerSizeWithoutSignature(1, devnet)).toBe(117);
    expect(headerSizeWithoutSignature(1895001, devnet)).toBe(141);
  });

  it('writes the legacy id as a big-endian u64 and reads it back as decimal', () => {
    const bytes = serializeBlockHeader(base, devnet, { includeSignature: false });
    expect(bytes.length).toBe(117);
    expect(toHex(bytes.subarray(12, 20))).toBe(legacyIdToHex(base.previousBlock));
    expect(legacyIdToHex('12760288562212273414')).toBe('b115a6d726247d06');
    expect(legacyIdFromHex('b115a6d726247d06')).toBe('12760288562212273414');
  });

  it('the first full-SHA256 block gets a 64-hex id although its previousBlock is legacy', () => {
    const signed = signBlock(base, generatorKey, devnet);
    expect(signed.id).toMatch(/^[0-9a-f]{64}$/);
    const next = signBlock({ ...base, height: 1895001, previousBlock: signed.id! }, generatorKey, devnet);
    expect(serializeBlockHeader(next, devnet, { includeSignature: false }).length).toBe(141);
    const read = deserializeBlockHeader(serializeBlockHeader(next, devnet), devnet);
    expect(read).toEqual(next);
  });

  it('legacy ids are the first 8 hash bytes reversed, as a decimal', () => {
    const hash = fromHex('067d2426d7a615b1' + '00'.repeat(24));
    expect(blockIdFromHash(hash, false)).toEqual({ id: '12760288562212273414', idHex: 'b115a6d726247d06' });
    const legacy = signBlock({ ...base, height: 1000 }, generatorKey, devnet);
    expect(legacy.id).toMatch(/^[0-9]+$/);
    expect(blockHeaderToJson(legacy, devnet).idHex).toBe(legacyIdToHex(legacy.id));
  });
});

describe('malformed headers are typed errors', () => {
  it('rejects ids of the wrong form for the height', () => {
    expectBlockError(() => serializeBlockHeader({ ...base, height: 6000001 }, devnet), /64-character hex/);
    expectBlockError(
      () => serializeBlockHeader({ ...base, previousBlock: previousId }, devnet),
      /legacy decimal/,
    );
    expectBlockError(() => serializeBlockHeader({ ...base, previousBlock: '18446744073709551616' }, devnet));
  });

  it('rejects out-of-range integers and malformed hex, naming the field', () => {
    expectBlockError(() => serializeBlockHeader({ ...base, timestamp: -1 }, devnet), /timestamp/);
    expectBlockError(() => serializeBlockHeader({ ...base, height: 0 }, devnet), /height/);
    expectBlockError(
      () => serializeBlockHeader({ ...base, numberOfTransactions: 2 ** 32 }, devnet),
      /numberOfTransactions/,
    );
    expectBlockError(() => serializeBlockHeader({ ...base, totalFee: 2n ** 64n }, devnet), /totalFee/);
    expectBlockError(() => serializeBlockHeader({ ...base, payloadHash: 'zz' }, devnet), /payloadHash/);
    expectBlockError(
      () => serializeBlockHeader({ ...base, generatorPublicKey: 'ab' }, devnet),
      /generatorPublicKey/,
    );
  });

  it('requires a well-formed signature to serialize it', () => {
    expectBlockError(() => serializeBlockHeader(base, devnet), /no blockSignature/);
    expectBlockError(
      () => serializeBlockHeader({ ...base, blockSignature: '3006020101020101ff' }, devnet),
      /DER length/,
    );
    expectBlockError(() => blockId(base, devnet));
  });

  it('rejects header bytes that are truncated or followed by extra bytes', () => {
    const bytes = serializeBlockHeader(signBlock(base, generatorKey, devnet), devnet);
    for (let length = 0; length < bytes.length; length++) {
      expectBlockError(() => deserializeBlockHeader(bytes.subarray(0, length), devnet));
    }
    expectBlockError(() => deserializeBlockHeader(Uint8Array.of(...bytes, 0), devnet), /unexpected byte/);
  });
});

describe('header JSON', () => {
  it('round-trips and accepts numeric amounts', () => {
    const signed = signBlock(base, generatorKey, devnet);
    const json = blockHeaderToJson(signed, devnet);
    expect(json.totalAmount).toBe('0');
    expect(blockHeaderFromJson(json)).toEqual(signed);
    expect(blockHeaderFromJson({ ...json, reward: 200000000 }).reward).toBe(200000000n);
  });

  it('rejects wrong shapes with ERR_JSON', () => {
    const json = blockHeaderToJson(signBlock(base, generatorKey, devnet), devnet);
    for (const bad of [
      null,
      [],
      'x',
      { ...json, height: -1 },
      { ...json, reward: '1.5' },
      { ...json, id: 5 },
    ]) {
      try {
        blockHeaderFromJson(bad);
        throw new Error('expected a ProtocolError');
      } catch (error) {
        expect(error).toBeInstanceOf(ProtocolError);
        expect((error as ProtocolError).code).toBe('ERR_JSON');
      }
    }
  });

  it('blockIdHex: the idHex ARK Core shows beside an id (values from ARK Core 3.9.1’s testnet)', () => {
    expect(blockIdHex('13826605307264250549')).toBe('bfe1f8453d0432b5');
    expect(blockIdHex('13132084681967070304')).toBe('b63e897104feec60');
    // A small legacy id keeps its 16 digits; a full SHA-256 id is its own hex.
    expect(blockIdHex('1')).toBe('0000000000000001');
    expect(blockIdHex('ab'.repeat(32))).toBe('ab'.repeat(32));
  });
});
