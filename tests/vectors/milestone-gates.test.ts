/**
 * The type gates of ARK mainnet's and devnet's milestones, read at the block before (networks
 * `transactionRulesHeight`, as ARK's configured height is the last applied block's): HTLC on devnet from its aip11
 * milestone with htlcEnabled (4,006,000; mainnet never), the legacy business types from aip11 until aip36 (devnet
 * 4,006,000 to 5,636,000), Entity from aip36 — each with ARK-built transactions of tests/fixtures/vectors.
 */
import { describe, expect, it } from 'vitest';
import devnetVectors from '../fixtures/vectors/transactions-devnet.json';
import magistrateVectors from '../fixtures/vectors/transactions-magistrate.json';
import { devnet, transactionRulesHeight } from '../../src/core/protocol/networks';
import {
  deserializeTransactionHex,
  verifyTransaction,
  type TransactionData,
} from '../../src/core/protocol/transactions';

const decode = (hex: string): TransactionData =>
  deserializeTransactionHex(hex, { network: devnet, height: 6_000_000 });
const lock = decode(
  devnetVectors.vectors.find((v) => v.description.startsWith('HTLC lock (type 8), expiration type 2'))!
    .serializedHex,
);
const business = decode(magistrateVectors.legacy[0]!.serializedHex);
const entity = decode(magistrateVectors.vectors[0]!.serializedHex);

/** Whether a block at `height` may hold `tx` (the gate reads the milestone of the block before). */
const inBlock = (tx: TransactionData, height: number) =>
  verifyTransaction(tx, { network: devnet, height: transactionRulesHeight(height) }).verified;

describe('devnet’s type gates, read at the block before', () => {
  it('HTLC: from block 4,006,001 (aip11 and htlcEnabled at 4,006,000)', () => {
    expect(inBlock(lock, 4_006_000)).toBe(false);
    expect(inBlock(lock, 4_006_001)).toBe(true);
  });

  it('the legacy business types: blocks 4,006,001 to 5,636,000 (aip36 at 5,636,000)', () => {
    expect(inBlock(business, 4_006_000)).toBe(false);
    expect(inBlock(business, 4_006_001)).toBe(true);
    expect(inBlock(business, 5_636_000)).toBe(true);
    expect(inBlock(business, 5_636_001)).toBe(false);
  });

  it('Entity: from block 5,636,001', () => {
    expect(inBlock(entity, 5_636_000)).toBe(false);
    expect(inBlock(entity, 5_636_001)).toBe(true);
  });
});
