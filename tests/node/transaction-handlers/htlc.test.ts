import { describe, expect, it } from 'vitest';
import {
  applyTransaction,
  checkTransaction,
  revertTransaction,
} from '../../../src/core/node/transaction-handlers';
import { sha256 } from '../../../src/core/protocol/hash';
import { toHex } from '../../../src/core/protocol/hex';
import type { TransactionData } from '../../../src/core/protocol/transactions';
import { DELEGATE_BALANCE, TOKEN, USER_BALANCE } from '../support/chain-fixture';
import { expectSameAsBase, harness, type Harness } from '../support/handler-harness';

const SECRET = toHex(sha256('the secret'));
const SECRET_HASH = toHex(sha256(Uint8Array.from(Buffer.from(SECRET, 'hex'))));
const LOCK_FEE = 10_000_000n;

/** alice (voting for delegate1) locks 10 tokens for bob, expiring at height 30 by default. */
function lock(
  h: Harness,
  expiration: { type: 1 | 2; value: number } = { type: 2, value: 30 },
): TransactionData {
  const tx = h.tx(
    {
      type: 8,
      amount: 10n * TOKEN,
      recipientId: h.bob.address,
      asset: { lock: { secretHash: SECRET_HASH, expiration } },
    },
    h.alice.passphrase,
  );
  applyTransaction(tx, h.state, h.ctx);
  return tx;
}

/** An unapplied lock of 1 token from alice to bob, with the given expiration. */
function lockDraft(h: Harness) {
  return (expiration: { type: 1 | 2; value: number }) =>
    h.tx(
      {
        type: 8,
        amount: TOKEN,
        recipientId: h.bob.address,
        asset: { lock: { secretHash: SECRET_HASH, expiration } },
      },
      h.alice.passphrase,
    );
}

function claim(h: Harness, lockId: string, secret = SECRET): TransactionData {
  return h.tx(
    { type: 9, fee: 0n, asset: { claim: { lockTransactionId: lockId, unlockSecret: secret } } },
    h.bob.passphrase,
  );
}

function refund(h: Harness, lockId: string): TransactionData {
  return h.tx({ type: 10, fee: 0n, asset: { refund: { lockTransactionId: lockId } } }, h.alice.passphrase);
}

function voteForDelegate1(h: Harness): void {
  const d = h.chain.delegates[0]!;
  applyTransaction(
    h.tx({ type: 3, asset: { votes: [`+${d.publicKey}`] } }, h.alice.passphrase),
    h.state,
    h.ctx,
  );
}

describe('HTLC lock', () => {
  it('moves the amount to lockedBalance, which still counts toward the vote', () => {
    const h = harness();
    voteForDelegate1(h);
    const weightBefore = h.state.wallet(h.chain.delegates[0]!.address).delegate!.voteBalance;
    const tx = lock(h);
    expect(h.state.wallet(h.alice.address)).toMatchObject({
      lockedBalance: 10n * TOKEN,
      balance: USER_BALANCE - 100_000_000n - 10n * TOKEN - LOCK_FEE,
    });
    expect(h.state.wallet(h.chain.delegates[0]!.address).delegate!.voteBalance).toBe(weightBefore - LOCK_FEE);
    expect(h.state.lock(tx.id!)).toMatchObject({
      status: 'locked',
      recipientAddress: h.bob.address,
      height: 2,
    });
    revertTransaction(tx, h.state, h.ctx);
    expect(h.state.lock(tx.id!)).toBeUndefined();
    expect(h.state.wallet(h.chain.delegates[0]!.address).delegate!.voteBalance).toBe(weightBefore);
  });

  it('needs an expiration more than one round ahead, by height or by epoch seconds', () => {
    const h = harness({ lastBlock: { height: 100, timestamp: 800 }, height: 101 });
    const draft = lockDraft(h);
    expect(() => checkTransaction(draft({ type: 2, value: 121 }), h.state, h.ctx)).toThrow(
      /must be above 121/,
    );
    expect(() => checkTransaction(draft({ type: 2, value: 122 }), h.state, h.ctx)).not.toThrow();
    expect(() => checkTransaction(draft({ type: 1, value: 800 + 8 * 21 }), h.state, h.ctx)).toThrow(
      /must be after 968/,
    );
    expect(() => checkTransaction(draft({ type: 1, value: 969 }), h.state, h.ctx)).not.toThrow();
  });

  it('on a chain forged by ARK Core in test mode, needs only an expiration past the last block', () => {
    const h = harness({ lastBlock: { height: 100, timestamp: 800 }, height: 101 });
    const testMode = { ...h.ctx, rules: { arkTestMode: true } };
    const draft = lockDraft(h);
    expect(() => checkTransaction(draft({ type: 2, value: 100 }), h.state, testMode)).toThrow(
      /must be above 100/,
    );
    expect(() => checkTransaction(draft({ type: 2, value: 101 }), h.state, testMode)).not.toThrow();
    expect(() => checkTransaction(draft({ type: 1, value: 800 }), h.state, testMode)).toThrow(
      /must be after 800/,
    );
    expect(() => checkTransaction(draft({ type: 1, value: 801 }), h.state, testMode)).not.toThrow();
  });
});

describe('HTLC claim', () => {
  it('pays the recipient with the right secret before expiry; revert reopens the lock', () => {
    const h = harness();
    voteForDelegate1(h);
    const locked = lock(h);
    const tx = claim(h, locked.id!);
    applyTransaction(tx, h.state, h.ctx);
    expect(h.state.wallet(h.bob.address).balance).toBe(USER_BALANCE + 10n * TOKEN);
    expect(h.state.wallet(h.alice.address).lockedBalance).toBe(0n);
    expect(h.state.lock(locked.id!)).toMatchObject({ status: 'claimed', unlockTransactionId: tx.id });
    expect(h.state.wallet(h.chain.delegates[0]!.address).delegate!.voteBalance).toBe(
      DELEGATE_BALANCE + USER_BALANCE - 100_000_000n - LOCK_FEE - 10n * TOKEN,
    );
    expect(() => checkTransaction(claim(h, locked.id!), h.state, h.ctx)).toThrow(/already claimed/);
    revertTransaction(tx, h.state, h.ctx);
    expect(h.state.lock(locked.id!)).toMatchObject({ status: 'locked' });
    expect(h.state.lock(locked.id!)?.unlockTransactionId).toBeUndefined();
    expect(h.state.wallet(h.alice.address).lockedBalance).toBe(10n * TOKEN);
  });

  it('rejects a wrong secret', () => {
    const h = harness();
    const locked = lock(h);
    expect(() => checkTransaction(claim(h, locked.id!, '11'.repeat(32)), h.state, h.ctx)).toThrow(
      /does not hash to the secret hash/,
    );
  });

  it('rejects a claim after expiry (height and epoch seconds)', () => {
    const h = harness();
    const byHeight = lock(h, { type: 2, value: 30 });
    const byTime = lock(h, { type: 1, value: 1000 });
    const after = { ...h.ctx, height: 31, lastBlock: { height: 30, timestamp: 1000 } };
    expect(() => checkTransaction(claim(h, byHeight.id!), h.state, after)).toThrow(/has expired/);
    expect(() => checkTransaction(claim(h, byTime.id!), h.state, after)).toThrow(/has expired/);
  });

  it('rejects an unknown lock', () => {
    const h = harness();
    expect(() => checkTransaction(claim(h, 'ab'.repeat(32)), h.state, h.ctx)).toThrow(/does not exist/);
  });
});

describe('HTLC refund', () => {
  it('rejects a refund before expiry', () => {
    const h = harness();
    const locked = lock(h);
    expect(() => checkTransaction(refund(h, locked.id!), h.state, h.ctx)).toThrow(/has not expired yet/);
  });

  it('returns the amount to the sender after expiry; revert restores exactly', () => {
    const h = harness();
    const locked = lock(h);
    const after = { ...h.ctx, height: 31, lastBlock: { height: 30, timestamp: 240 } };
    const tx = refund(h, locked.id!);
    applyTransaction(tx, h.state, after);
    expect(h.state.wallet(h.alice.address)).toMatchObject({
      lockedBalance: 0n,
      balance: USER_BALANCE - LOCK_FEE,
    });
    expect(h.state.lock(locked.id!)?.status).toBe('refunded');
    revertTransaction(tx, h.state, after);
    revertTransaction(locked, h.state, h.ctx);
    expectSameAsBase(h.state);
  });
});
