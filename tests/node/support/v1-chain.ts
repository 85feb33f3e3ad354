/** A test chain of ARK's version-1 era (tests/node/block-store/v1-era.test.ts, exceptions.test.ts). */
import type { Network, RawMilestone } from '../../../src/core/protocol/networks';
import { createTestChain, TEST_MILESTONES, type TestChain } from './chain-fixture';

/**
 * aip11 is on at height 1 (the test genesis is version 2), off from height 2, on again from AIP11: blocks 3 to
 * AIP11 hold version 1 (their transactions read the milestone of the block before), block 2 cannot.
 */
export const AIP11 = 5;

export function lateAip11Chain(extra: Partial<RawMilestone> = {}): TestChain {
  const chain = createTestChain();
  const milestones: RawMilestone[] = [
    TEST_MILESTONES[0]!,
    { height: 2, aip11: false, aip37: false, ...extra },
    { height: AIP11, aip11: true, aip37: true },
  ];
  const network: Network = { ...chain.network, milestones };
  return { ...chain, network };
}
