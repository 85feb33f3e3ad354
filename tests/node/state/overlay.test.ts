import { describe, expect, it } from 'vitest';
import { EmptyState, StateOverlay, addBalance, castVote } from '../../../src/core/node/state';
import { createTestChain } from '../support/chain-fixture';

const chain = createTestChain({ delegates: 2, users: 2 });
const [d1] = chain.delegates;
const [alice] = chain.users;

describe('StateOverlay', () => {
  it('copies on write: the base never changes', () => {
    const base = new StateOverlay(new EmptyState(30));
    addBalance(base, alice!.address, 10n);
    const top = new StateOverlay(base);
    addBalance(top, alice!.address, 5n);
    expect(top.wallet(alice!.address).balance).toBe(15n);
    expect(base.wallet(alice!.address).balance).toBe(10n);
  });

  it('indexes usernames, locks and entities with tombstones for removals', () => {
    const base = new StateOverlay(new EmptyState(30));
    const wallet = base.mutableWallet(d1!.address);
    wallet.publicKey = d1!.publicKey;
    wallet.delegate = {
      username: 'd1',
      voteBalance: 0n,
      producedBlocks: 0,
      forgedFees: 0n,
      forgedRewards: 0n,
      resigned: false,
    };
    base.setUsername('d1', d1!.address);
    base.putEntity({
      id: 'e1',
      address: d1!.address,
      publicKey: d1!.publicKey,
      type: 0,
      subType: 0,
      data: { name: 'n' },
      resigned: false,
      dataHistory: [],
    });
    const top = new StateOverlay(base);
    expect(top.delegateByUsername('d1')?.address).toBe(d1!.address);
    expect(top.delegates()).toHaveLength(1);
    delete top.mutableWallet(d1!.address).delegate;
    top.setUsername('d1', undefined);
    top.removeEntity('e1');
    expect(top.delegateByUsername('d1')).toBeUndefined();
    expect(top.delegates()).toHaveLength(0);
    expect(top.entity('e1')).toBeUndefined();
    expect(top.entityIdByName(0, 'n')).toBeUndefined();
    expect(base.entity('e1')).toBeDefined();
  });

  it('keeps vote weight with balance changes, and merges a child layer into its parent', () => {
    const base = new StateOverlay(new EmptyState(30));
    const delegate = base.mutableWallet(d1!.address);
    delegate.publicKey = d1!.publicKey;
    delegate.delegate = {
      username: 'd1',
      voteBalance: 0n,
      producedBlocks: 0,
      forgedFees: 0n,
      forgedRewards: 0n,
      resigned: false,
    };
    addBalance(base, alice!.address, 100n);
    castVote(base, alice!.address, d1!.publicKey);
    expect(base.wallet(d1!.address).delegate?.voteBalance).toBe(100n);
    const child = new StateOverlay(base);
    addBalance(child, alice!.address, -30n);
    expect(base.wallet(d1!.address).delegate?.voteBalance).toBe(100n);
    child.mergeInto(base);
    expect(child.isClean()).toBe(true);
    expect(base.wallet(d1!.address).delegate?.voteBalance).toBe(70n);
    expect(base.wallet(alice!.address).balance).toBe(70n);
  });
});
