import { describe, expect, it } from 'vitest';
import syncThroughput from '../../../../resources/sync-throughput.json';
import { estimateOwnNode } from '../../../../src/core/services/follower/estimate';

/** The steady rate bench:sync recorded from six peers at ARK Core's default limits. */
const measured = Math.min(...Object.values(syncThroughput.emptyBlocksPerSecond));

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
    // bench:sync's recorded rate through rate-limited public nodes, and 2,500 transactions/s, added.
    expect(measured).toBeGreaterThan(0);
    expect(estimate.seconds).toBe(Math.ceil(30_000_000 / measured + 5_000_000 / 2_500));
  });

  it('counts only what is still to come once part of the chain is verified', () => {
    const estimate = estimateOwnNode(
      'devnet',
      { height: 1_000_000, transactions: 100_000 },
      { height: 750_000, directory: '/data' },
    );
    expect(estimate.diskBytesToCome).toBe(Math.round(estimate.diskBytes / 4));
    expect(estimate.seconds).toBe(Math.ceil(250_000 / measured + 25_000 / 2_500));
  });
});
