import { describe, expect, it } from 'vitest';
import { estimateOwnNode } from '../../../../src/core/services/own-node/estimate';

describe('the own node’s estimate', () => {
  it('takes docs/benchmarks.md’s measured bytes: 268 per empty block, 734 + 40 per transfer', () => {
    // A chain of ARK mainnet's order: tens of millions of blocks, a few million transactions.
    const estimate = estimateOwnNode(
      'mainnet',
      { height: 30_000_000, transactions: 5_000_000 },
      { height: 0, directory: '/data' },
    );
    expect(estimate.diskBytes).toBe(30_000_000 * 268 + 5_000_000 * 774);
    expect(estimate.diskBytesToCome).toBe(estimate.diskBytes);
    // bench:sync (c): 380 blocks/s and 2,500 transactions/s from an ARK Core peer, added.
    expect(estimate.seconds).toBe(Math.ceil(30_000_000 / 380 + 5_000_000 / 2_500));
  });

  it('counts only what is still to come once part of the chain is verified', () => {
    const estimate = estimateOwnNode(
      'devnet',
      { height: 1_000_000, transactions: 100_000 },
      { height: 750_000, directory: '/data' },
    );
    expect(estimate.diskBytesToCome).toBe(Math.round(estimate.diskBytes / 4));
    expect(estimate.seconds).toBe(Math.ceil(250_000 / 380 + 25_000 / 2_500));
  });
});
