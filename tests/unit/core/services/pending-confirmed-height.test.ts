/**
 * Pending follows the chain's own answer: a transaction found on the chain is "confirmed in block N" for the block
 * that holds it (read by its id), not for a height guessed from the confirmations the node counted at its own,
 * later tip. A later rollback then reopens it exactly when its block is reverted.
 */
import { describe, expect, it } from 'vitest';
import { PendingTracker } from '../../../../src/core/services/transactions/pending-tracker';
import type { Networks } from '../../../../src/core/services/networks/networks';
import type { AppEvents } from '../../../../src/core/services/events';

const ID = 'ab'.repeat(32);
const BLOCK_ID = 'cd'.repeat(32);

/** What the app sent, as its pending record keeps it. */
const SENT = {
  id: ID,
  type: 0,
  typeGroup: 1,
  senderPublicKey: '02'.padEnd(66, '0'),
  amount: '1',
  nonce: '1',
};

/**
 * The node in this process (its blocks are verified), whose tip (114) runs ahead of the block event the check
 * started from (100); the transaction is in 109.
 */
function fakeNetworks(): Networks {
  const reads = {
    transaction: (id: string) =>
      Promise.resolve({
        id,
        blockId: BLOCK_ID,
        confirmations: 114 - 109 + 1,
        type: 0,
        typeGroup: 1,
        sender: 'D1',
        senderPublicKey: SENT.senderPublicKey,
        recipient: 'D1',
        amount: 1n,
        nonce: 1n,
      }),
    block: (id: string) => Promise.resolve({ id, height: 109 }),
    unconfirmedTransaction: () => Promise.reject(new Error('not asked')),
  };
  return { chain: () => ({ reads, inProcess: true }) } as unknown as Networks;
}

const events = { emit: () => undefined, alert: () => undefined } as unknown as AppEvents;

describe('a pending transaction found on the chain', () => {
  it('is confirmed in the block that holds it, whatever tip the check started from', async () => {
    const tracker = new PendingTracker(fakeNetworks(), events);
    tracker.track(
      {
        networkId: 'embedded',
        sender: 'D1',
        kind: 'transfer',
        amount: 1n,
        fee: 1n,
        nonce: 1n,
        json: SENT as never,
        maxAge: 500,
        height: 90,
      },
      { accepted: true },
    );
    await tracker.check('embedded', 100);
    expect(tracker.get(ID)).toMatchObject({ status: 'confirmed', height: 109 });
    expect(tracker.get(ID).statusText).toMatch(/^Confirmed in block 109 /);

    // A rollback to 105 reverts block 109: the entry is open again (it was left "confirmed in block 95" before).
    tracker.reverted('embedded', 105);
    expect(tracker.get(ID).status).not.toBe('confirmed');
  });
});
