import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deserializeBlock, serializeBlock } from '../../../../../src/core/protocol/blocks';
import { ProtocolError } from '../../../../../src/core/protocol/errors';
import { fromHex } from '../../../../../src/core/protocol/hex';
import { devnet } from '../../../../../src/core/protocol/networks';
import blocks from '../../../../fixtures/vectors/blocks.json';

const full = fromHex(blocks.vectors[0]!.serializedHex);
const headerLength = blocks.vectors[0]!.headerWithSignatureHex.length / 2;

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return error.code;
  }
}

describe('deserializeBlock on malformed bytes', () => {
  it('rejects every truncation with a typed error', () => {
    for (let length = 0; length < full.length; length++) {
      expect(codeOf(() => deserializeBlock(full.subarray(0, length), devnet))).toMatch(/^ERR_/);
    }
  });

  it('rejects trailing bytes', () => {
    expect(codeOf(() => deserializeBlock(Uint8Array.of(...full, 0), devnet))).toBe('ERR_BLOCK');
  });

  it('rejects length words that do not add up', () => {
    const view = new DataView(full.buffer.slice(0));
    const first = view.getUint32(headerLength, true);
    const longer = new Uint8Array(view.buffer);
    new DataView(longer.buffer).setUint32(headerLength, first + 1, true);
    expect(codeOf(() => deserializeBlock(longer, devnet))).toBe('ERR_BLOCK');
    const shifted = new Uint8Array(full);
    const dv = new DataView(shifted.buffer);
    dv.setUint32(headerLength, first - 1, true);
    dv.setUint32(headerLength + 4, dv.getUint32(headerLength + 4, true) + 1, true);
    // Same total, wrong split: each transaction decoder sees the wrong bytes.
    expect(codeOf(() => deserializeBlock(shifted, devnet))).toMatch(/^ERR_/);
  });

  it('rejects a huge announced transaction count without allocating for it', () => {
    const bytes = new Uint8Array(full.subarray(0, headerLength));
    new DataView(bytes.buffer).setUint32(44, 0xffffffff, true);
    expect(codeOf(() => deserializeBlock(bytes, devnet))).toBe('ERR_BLOCK');
  });

  it('never throws anything but a ProtocolError on random or mutated input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        codeOf(() => deserializeBlock(bytes, devnet));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: full.length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        (at, value) => {
          const mutated = new Uint8Array(full);
          mutated[at] = value;
          codeOf(() => deserializeBlock(mutated, devnet));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses to serialize a block whose count disagrees with its transactions', () => {
    const block = deserializeBlock(full, devnet);
    expect(
      codeOf(() => serializeBlock({ ...block, transactions: block.transactions.slice(1) }, devnet)),
    ).toBe('ERR_BLOCK');
  });
});
