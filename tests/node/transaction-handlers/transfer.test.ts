import { describe, expect, it } from 'vitest';
import {
  ApplyError,
  applyToSender,
  applyTransaction,
  checkTransaction,
  revertTransaction,
} from '../../../src/core/node/transaction-handlers';
import { DELEGATE_BALANCE, TOKEN, USER_BALANCE } from '../support/chain-fixture';
import { expectSameAsBase, harness } from '../support/handler-harness';

const FEE = 10_000_000n;

describe('transfer and the common rules', () => {
  it('moves amount + fee and bumps the nonce; revert restores everything', () => {
    const h = harness();
    const tx = h.tx({ type: 0, amount: 3n * TOKEN, recipientId: h.bob.address }, h.alice.passphrase);
    applyTransaction(tx, h.state, h.ctx);
    expect(h.state.wallet(h.alice.address)).toMatchObject({
      balance: USER_BALANCE - 3n * TOKEN - FEE,
      nonce: 1n,
      publicKey: h.alice.publicKey,
    });
    expect(h.state.wallet(h.bob.address).balance).toBe(USER_BALANCE + 3n * TOKEN);
    revertTransaction(tx, h.state, h.ctx);
    expectSameAsBase(h.state);
    expect(h.state.wallet(h.alice.address).publicKey).toBeUndefined();
  });

  it('keeps vote weight exact: the sender’s and the recipient’s delegates move with their balances', () => {
    const h = harness();
    const [d1, d2] = h.chain.delegates as [(typeof h.chain.delegates)[0], (typeof h.chain.delegates)[0]];
    const tx = h.tx({ type: 0, amount: 7n * TOKEN, recipientId: d2.address }, d1.passphrase);
    applyTransaction(tx, h.state, h.ctx);
    expect(h.state.wallet(d1.address).delegate?.voteBalance).toBe(DELEGATE_BALANCE - 7n * TOKEN - FEE);
    expect(h.state.wallet(d2.address).delegate?.voteBalance).toBe(DELEGATE_BALANCE + 7n * TOKEN);
  });

  it('rejects a double spend (the same transaction twice: its nonce is used)', () => {
    const h = harness();
    const tx = h.tx({ type: 0, amount: TOKEN, recipientId: h.bob.address }, h.alice.passphrase);
    applyTransaction(tx, h.state, h.ctx);
    expect(() => applyTransaction(tx, h.state, h.ctx)).toThrow(/unexpected nonce 1 .*next nonce is 2/);
  });

  it('rejects a nonce that skips ahead', () => {
    const h = harness();
    const tx = h.tx({ type: 0, nonce: 2n, amount: TOKEN, recipientId: h.bob.address }, h.alice.passphrase);
    expect(() => checkTransaction(tx, h.state, h.ctx)).toThrow(ApplyError);
    expect(() => checkTransaction(tx, h.state, h.ctx)).toThrow(/unexpected nonce 2/);
  });

  it('rejects an amount + fee above the balance', () => {
    const h = harness();
    const tx = h.tx({ type: 0, amount: USER_BALANCE, recipientId: h.bob.address }, h.alice.passphrase);
    expect(() => applyTransaction(tx, h.state, h.ctx)).toThrow(/insufficient balance/);
    const exact = h.tx(
      { type: 0, amount: USER_BALANCE - FEE, recipientId: h.bob.address },
      h.alice.passphrase,
    );
    applyTransaction(exact, h.state, h.ctx);
    expect(h.state.wallet(h.alice.address).balance).toBe(0n);
  });

  it('rejects an expired transfer (expiration at or below the block height)', () => {
    const h = harness({ height: 10 });
    const tx = h.tx(
      { type: 0, amount: TOKEN, recipientId: h.bob.address, expiration: 10 },
      h.alice.passphrase,
    );
    expect(() => checkTransaction(tx, h.state, h.ctx)).toThrow(/expired at height 10/);
    const later = h.tx(
      { type: 0, amount: TOKEN, recipientId: h.bob.address, expiration: 11 },
      h.alice.passphrase,
    );
    expect(() => checkTransaction(later, h.state, h.ctx)).not.toThrow();
  });

  it('applyToSender leaves the recipient for the block', () => {
    const h = harness();
    const tx = h.tx({ type: 0, amount: TOKEN, recipientId: h.bob.address }, h.alice.passphrase);
    applyToSender(tx, h.state, h.ctx);
    expect(h.state.wallet(h.alice.address).nonce).toBe(1n);
    expect(h.state.wallet(h.bob.address).balance).toBe(USER_BALANCE);
  });

  it('rejects signatures on an ordinary wallet and a transaction with no signature', () => {
    const h = harness();
    const tx = h.tx({ type: 0, amount: TOKEN, recipientId: h.bob.address }, h.alice.passphrase);
    const { signature: _s, ...unsigned } = tx;
    expect(() => checkTransaction(unsigned, h.state, h.ctx)).toThrow(/no sender signature/);
    expect(() => checkTransaction({ ...tx, signatures: ['00'.repeat(65)] }, h.state, h.ctx)).toThrow(
      /not a multisignature wallet/,
    );
  });
});
