import { describe, expect, it } from 'vitest';
import {
  applyTransaction,
  checkTransaction,
  revertTransaction,
} from '../../../src/core/node/transaction-handlers';
import { DELEGATE_BALANCE, USER_BALANCE } from '../support/chain-fixture';
import { expectSameAsBase, harness, type Harness } from '../support/handler-harness';

const VOTE_FEE = 100_000_000n;
const REGISTRATION_FEE = 2_500_000_000n;

function delegate(h: Harness, index: number) {
  return h.chain.delegates[index]!;
}

describe('delegate registration', () => {
  it('registers a unique username, not twice', () => {
    const h = harness();
    const tx = h.tx({ type: 2, asset: { delegate: { username: 'alice' } } }, h.alice.passphrase);
    applyTransaction(tx, h.state, h.ctx);
    expect(h.state.delegateByUsername('alice')?.address).toBe(h.alice.address);
    expect(h.state.wallet(h.alice.address).delegate).toMatchObject({
      username: 'alice',
      voteBalance: 0n,
      resigned: false,
    });
    const twice = h.tx({ type: 2, asset: { delegate: { username: 'alice2' } } }, h.alice.passphrase);
    expect(() => checkTransaction(twice, h.state, h.ctx)).toThrow(/already the delegate "alice"/);
    revertTransaction(tx, h.state, h.ctx);
    expect(h.state.delegateByUsername('alice')).toBeUndefined();
    expectSameAsBase(h.state);
  });

  it('rejects a duplicate username', () => {
    const h = harness();
    const tx = h.tx({ type: 2, asset: { delegate: { username: 'delegate3' } } }, h.alice.passphrase);
    expect(() => checkTransaction(tx, h.state, h.ctx)).toThrow(/username "delegate3" is already taken/);
  });
});

describe('vote', () => {
  it('adds the voter’s balance to the delegate; unvote takes it away; revert restores', () => {
    const h = harness();
    const d = delegate(h, 4);
    const vote = h.tx({ type: 3, asset: { votes: [`+${d.publicKey}`] } }, h.alice.passphrase);
    // delegate 5 votes for itself in genesis.
    applyTransaction(vote, h.state, h.ctx);
    expect(h.state.wallet(h.alice.address).vote).toBe(d.publicKey);
    expect(h.state.wallet(d.address).delegate?.voteBalance).toBe(DELEGATE_BALANCE + USER_BALANCE - VOTE_FEE);
    const unvote = h.tx({ type: 3, asset: { votes: [`-${d.publicKey}`] } }, h.alice.passphrase);
    applyTransaction(unvote, h.state, h.ctx);
    expect(h.state.wallet(d.address).delegate?.voteBalance).toBe(DELEGATE_BALANCE);
    revertTransaction(unvote, h.state, h.ctx);
    revertTransaction(vote, h.state, h.ctx);
    expectSameAsBase(h.state);
  });

  it('switches in one transaction (aip37): ["-old", "+new"]', () => {
    const h = harness();
    const [a, b] = [delegate(h, 0), delegate(h, 1)];
    applyTransaction(
      h.tx({ type: 3, asset: { votes: [`+${a.publicKey}`] } }, h.alice.passphrase),
      h.state,
      h.ctx,
    );
    const sw = h.tx(
      { type: 3, asset: { votes: [`-${a.publicKey}`, `+${b.publicKey}`] } },
      h.alice.passphrase,
    );
    applyTransaction(sw, h.state, h.ctx);
    expect(h.state.wallet(h.alice.address).vote).toBe(b.publicKey);
    expect(h.state.wallet(a.address).delegate?.voteBalance).toBe(DELEGATE_BALANCE);
    expect(h.state.wallet(b.address).delegate?.voteBalance).toBe(
      DELEGATE_BALANCE + USER_BALANCE - 2n * VOTE_FEE,
    );
    revertTransaction(sw, h.state, h.ctx);
    expect(h.state.wallet(h.alice.address).vote).toBe(a.publicKey);
  });

  it('rejects a vote for a non-delegate', () => {
    const h = harness();
    const tx = h.tx({ type: 3, asset: { votes: [`+${h.bob.publicKey}`] } }, h.alice.passphrase);
    expect(() => checkTransaction(tx, h.state, h.ctx)).toThrow(/is not a delegate/);
  });

  it('rejects "+" while already voting and "-" that does not match', () => {
    const h = harness();
    const [a, b] = [delegate(h, 0), delegate(h, 1)];
    const own = h.tx({ type: 3, asset: { votes: [`+${b.publicKey}`] } }, a.passphrase);
    expect(() => checkTransaction(own, h.state, h.ctx)).toThrow(/already votes for/);
    const wrong = h.tx({ type: 3, asset: { votes: [`-${b.publicKey}`] } }, a.passphrase);
    expect(() => checkTransaction(wrong, h.state, h.ctx)).toThrow(/cannot unvote/);
  });

  it('rejects a vote for a resigned delegate', () => {
    const h = harness();
    // A 22nd delegate lets one of the 21 resign.
    applyTransaction(
      h.tx({ type: 2, asset: { delegate: { username: 'bob' } } }, h.bob.passphrase),
      h.state,
      h.ctx,
    );
    const d = delegate(h, 6);
    applyTransaction(h.tx({ type: 7 }, d.passphrase), h.state, h.ctx);
    const tx = h.tx({ type: 3, asset: { votes: [`+${d.publicKey}`] } }, h.alice.passphrase);
    expect(() => checkTransaction(tx, h.state, h.ctx)).toThrow(/"delegate7" has resigned/);
  });
});

describe('delegate resignation', () => {
  it('needs at least activeDelegates delegates to remain', () => {
    const h = harness();
    const d = delegate(h, 0);
    expect(() => checkTransaction(h.tx({ type: 7 }, d.passphrase), h.state, h.ctx)).toThrow(
      /at least 21 delegates must remain/,
    );
  });

  it('resigns once, only a delegate; revert un-resigns', () => {
    const h = harness();
    applyTransaction(
      h.tx({ type: 2, asset: { delegate: { username: 'bob' } } }, h.bob.passphrase),
      h.state,
      h.ctx,
    );
    expect(h.state.wallet(h.bob.address).balance).toBe(USER_BALANCE - REGISTRATION_FEE);
    const resign = h.tx({ type: 7 }, h.bob.passphrase);
    applyTransaction(resign, h.state, h.ctx);
    expect(h.state.wallet(h.bob.address).delegate?.resigned).toBe(true);
    expect(() => checkTransaction(h.tx({ type: 7 }, h.bob.passphrase), h.state, h.ctx)).toThrow(
      /already resigned/,
    );
    expect(() => checkTransaction(h.tx({ type: 7 }, h.alice.passphrase), h.state, h.ctx)).toThrow(
      /is not a delegate/,
    );
    revertTransaction(resign, h.state, h.ctx);
    expect(h.state.wallet(h.bob.address).delegate?.resigned).toBe(false);
  });
});
