import { describe, expect, it } from 'vitest';
import { deserializeBlock, serializeBlock, verifyBlock } from '../../src/core/protocol/blocks';
import { fromHex, toHex } from '../../src/core/protocol/hex';
import { devnet } from '../../src/core/protocol/networks';
import { unixMsFromEpoch } from '../../src/core/protocol/time';
import vectors from '../fixtures/vectors/noble-to-library.json';

describe.each(vectors.blocks)('noble-to-library.json block $libraryId', (entry) => {
  const block = deserializeBlock(fromHex(entry.serializedHex), devnet);

  it('deserializes to the id the library computed', () => {
    expect(entry.nobleId).toBe(entry.libraryId);
    expect(block.header.id).toBe(entry.libraryId);
  });

  it('re-serializes byte for byte', () => {
    expect(toHex(serializeBlock(block, devnet))).toBe(entry.serializedHex);
  });

  it('verifies as the library verified it', () => {
    const now = unixMsFromEpoch(block.header.timestamp, devnet);
    expect(verifyBlock(block, devnet, { now })).toEqual(entry.libraryVerification);
  });
});
