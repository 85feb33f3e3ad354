/**
 * A lock's review sentence and a claim's or early refund's reason say the expiry in a person's terms: a block height
 * and a time from now, never an epoch second, and never a sentence that stops mid-way.
 */
import { describe, expect, it } from 'vitest';
import type { ChainReader, LockRecord } from '../../../src/core/client';
import { localnet } from '../../../src/core/node/localnet';
import { milestoneAt } from '../../../src/core/protocol/networks';
import { epochTimestamp } from '../../../src/core/protocol/time';
import { draftProblems, type CheckContext } from '../../../src/core/services/transactions/draft-checks';
import { wordsOf } from '../../../src/core/services/transactions/draft-words';
import type { DraftInput } from '../../../src/shared/domain/transactions';
import { RESIGNATION_WARNING, SECOND_SIGNATURE_WARNING } from '../../../src/shared/lib/kind-warnings';

const now = Date.parse('2026-11-26T00:00:00Z');
const nowEpoch = epochTimestamp(now, localnet);
const milestone = milestoneAt(localnet, 100);
const LOCK_ID = 'ab'.repeat(32);

function openLock(expirationType: 1 | 2, expirationValue: number, isExpired: boolean): LockRecord {
  return {
    lockId: LOCK_ID,
    senderPublicKey: '02'.padEnd(66, '0'),
    isExpired,
    amount: 300_000_000n,
    secretHash: 'cd'.repeat(32),
    recipientId: 'D7seWn8JLVwX4nHd9hh2Lf7gvZNiRJ7qLk',
    timestamp: { epoch: nowEpoch - 100, unix: 0, human: '' },
    expirationType,
    expirationValue,
  };
}

function context(lock: LockRecord): CheckContext {
  return {
    network: localnet,
    milestone,
    height: 99,
    lastBlockTimestamp: nowEpoch,
    reads: { lock: () => Promise.resolve(lock) } as unknown as ChainReader,
    sender: { address: 'sender' },
    now,
    arkTestMode: false,
  };
}

const refund: DraftInput = { kind: 'htlcRefund', lockId: LOCK_ID };
const claim: DraftInput = { kind: 'htlcClaim', lockId: LOCK_ID, secret: 'ef'.repeat(32) };
const messages = async (input: DraftInput, lock: LockRecord) =>
  (await draftProblems(input, context(lock))).filter((p) => p.field === 'lockId').map((p) => p.message);

describe('an early refund’s reason', () => {
  it('says when a time lock expires from now, not its epoch second', async () => {
    const [message] = await messages(refund, openLock(1, nowEpoch + 46, false));
    expect(message).toBe('This lock has not expired yet: it can be refunded in about 46 seconds.');
    expect(message).not.toMatch(/epoch/);
  });

  it('says a height lock’s block and how many blocks remain', async () => {
    const [message] = await messages(refund, openLock(2, 120, false));
    expect(message).toBe('This lock has not expired yet: it can be refunded after block 120, in 21 blocks.');
  });

  it('says how long ago an expired time lock expired, for a claim', async () => {
    const [message] = await messages(claim, openLock(1, nowEpoch - 3 * 60, true));
    expect(message).toBe(
      'This lock expired about 3 minutes ago: it can no longer be claimed, only refunded to its sender.',
    );
  });
});

/** What the review sentences of the two blocks below are written with: no chain read, no lock, wallet DSelf. */
const WORDS_CONTEXT = {
  reads: {} as ChainReader,
  token: 'VTY',
  lock: undefined,
  expired: false,
  self: 'DSelf',
  pubKeyHash: 30,
};

describe('a lock’s review sentence', () => {
  const words = (expiration: Extract<DraftInput, { kind: 'htlcLock' }>['expiration']) =>
    wordsOf(
      { kind: 'htlcLock', recipientId: 'DRecipient', amount: '300000000', expiration },
      WORDS_CONTEXT,
      undefined,
    );

  it('ends: claimable for so many blocks, then refundable', async () => {
    expect((await words({ type: 'height', afterBlocks: 23 })).what).toBe(
      'Lock 3 VTY for DRecipient, claimable with the secret for 23 blocks, then refundable to this wallet.',
    );
  });

  it('says a time expiry in minutes and hours, not seconds', async () => {
    expect((await words({ type: 'time', afterSeconds: 600 })).what).toBe(
      'Lock 3 VTY for DRecipient, claimable with the secret for 10 minutes, then refundable to this wallet.',
    );
    expect((await words({ type: 'time', afterSeconds: 2 * 3600 + 5 * 60 })).what).toMatch(
      /for 2 hours 5 minutes, then refundable to this wallet\.$/,
    );
  });
});

describe('the host’s warnings for a second passphrase and a resignation', () => {
  const words = (input: DraftInput) => wordsOf(input, WORDS_CONTEXT, { username: 'genesis_1' });

  it('are the shared ones the screens keep their notes apart from', async () => {
    expect((await words({ kind: 'secondSignature', secondPassphrase: 'a b c' })).warnings).toEqual([
      SECOND_SIGNATURE_WARNING,
    ]);
    expect((await words({ kind: 'delegateResignation' })).warnings).toEqual([RESIGNATION_WARNING]);
  });
});
