/**
 * The lock's expiration rule before the review (draft-checks.ts): more than one round ahead, as ARK Core's lock
 * handler wants; on a network whose nodes run ARK Core with `--env=test` only past the last block, as that
 * handler then wants (core-transactions/src/handlers/htlc-lock.ts), so the wallet refuses nothing they accept.
 */
import { describe, expect, it } from 'vitest';
import type { ChainReader } from '../../../src/core/client';
import { localnet } from '../../../src/core/node/localnet';
import { milestoneAt } from '../../../src/core/protocol/networks';
import { epochTimestamp } from '../../../src/core/protocol/time';
import { draftProblems, type CheckContext } from '../../../src/core/services/transactions/draft-checks';
import type { DraftInput } from '../../../src/shared/domain/transactions';

const now = Date.parse('2026-11-26T00:00:00Z');
const milestone = milestoneAt(localnet, 100);

function context(arkTestMode: boolean): CheckContext {
  return {
    network: localnet,
    milestone,
    height: 99,
    lastBlockTimestamp: epochTimestamp(now, localnet),
    // The lock rule reads nothing from the chain.
    reads: {} as ChainReader,
    sender: { address: 'sender' },
    now,
    arkTestMode,
  };
}

const lock = (expiration: Extract<DraftInput, { kind: 'htlcLock' }>['expiration']): DraftInput => ({
  kind: 'htlcLock',
  recipientId: 'D7seWn8JLVwX4nHd9hh2Lf7gvZNiRJ7qLk',
  amount: '100000000',
  expiration,
});

const fields = async (input: DraftInput, testMode: boolean) =>
  (await draftProblems(input, context(testMode)))
    .filter((p) => p.field === 'expiration')
    .map((p) => p.message);

describe('a lock’s expiration before the review', () => {
  const round = milestone.activeDelegates;

  it('wants more than one round on a network as ARK runs it', async () => {
    expect(await fields(lock({ type: 'height', afterBlocks: 2 }), false)).toEqual([
      `A lock must last more than one round: more than ${round} blocks from now.`,
    ]);
    expect(await fields(lock({ type: 'height', afterBlocks: round + 1 }), false)).toEqual([]);
    expect(await fields(lock({ type: 'time', afterSeconds: 10 }), false)).toHaveLength(1);
  });

  it('takes a lock two blocks ahead where the nodes run ARK Core in test mode', async () => {
    expect(await fields(lock({ type: 'height', afterBlocks: 2 }), true)).toEqual([]);
    expect(await fields(lock({ type: 'time', afterSeconds: 10 }), true)).toEqual([]);
  });
});
