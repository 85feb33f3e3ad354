/** The sender's lock list keeps a lock after it closes and says what happened to it. */
import { describe, expect, it } from 'vitest';
import type { LockView } from '../../../src/shared/domain/chain-views';
import { LOCK_STATE_WORDS, sentLockRows } from '../../../src/renderer/features/locks/lock-state';

const lock = (lockId: string, isExpired = false): LockView => ({
  lockId,
  senderPublicKey: '02'.padEnd(66, '1'),
  recipientId: 'ARecipient',
  amount: '100',
  secretHash: 'ff'.repeat(32),
  isExpired,
  expirationType: 'height',
  expirationValue: 50,
  timestamp: { epoch: 0, unix: 0, human: '' },
});

describe('sentLockRows', () => {
  it('open locks first, then the app’s locks that are pending or closed, each once', () => {
    const rows = sentLockRows(
      [lock('a'), lock('b', true)],
      [
        { lockId: 'a', state: 'open', lock: lock('a') },
        { lockId: 'c', state: 'claimed', closedBy: 'x' },
        { lockId: 'd', state: 'pending' },
        { lockId: 'e', state: 'refunded', closedBy: 'y' },
      ],
    );
    expect(rows.map((r) => [r.lockId, r.state])).toEqual([
      ['a', 'open'],
      ['b', 'expired'],
      ['c', 'claimed'],
      ['d', 'pending'],
      ['e', 'refunded'],
    ]);
    expect(LOCK_STATE_WORDS.claimed).toBe('Claimed by the recipient');
  });
});
