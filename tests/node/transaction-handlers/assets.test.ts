import { describe, expect, it } from 'vitest';
import {
  applyTransaction,
  checkTransaction,
  revertTransaction,
} from '../../../src/core/node/transaction-handlers';
import type { TransactionData } from '../../../src/core/protocol/transactions';
import { TOKEN, USER_BALANCE } from '../support/chain-fixture';
import { expectSameAsBase, harness, type Harness } from '../support/handler-harness';

const IPFS = 'QmR45FmbVVrixReBwJkhEKde2qwHYaQzGxu4ZoDeswuF9w';
const IPFS2 = 'QmYSK2JyM3RyDyB52caZCTKFR3HKniEcMnNJYdk8DQ6KKB';

describe('IPFS', () => {
  it('registers a hash once on the whole chain', () => {
    const h = harness();
    const tx = h.tx({ type: 5, asset: { ipfs: IPFS } }, h.alice.passphrase);
    applyTransaction(tx, h.state, h.ctx);
    expect(h.state.ipfsOwner(IPFS)).toBe(h.alice.address);
    expect(() =>
      checkTransaction(h.tx({ type: 5, asset: { ipfs: IPFS } }, h.bob.passphrase), h.state, h.ctx),
    ).toThrow(/already registered/);
    revertTransaction(tx, h.state, h.ctx);
    expectSameAsBase(h.state);
  });
});

describe('multipayment', () => {
  it('pays every recipient and charges the sum + fee', () => {
    const h = harness();
    const payments = [
      { amount: 2n * TOKEN, recipientId: h.bob.address },
      { amount: 3n * TOKEN, recipientId: h.carol.address },
      { amount: 4n * TOKEN, recipientId: h.bob.address },
    ];
    const tx = h.tx({ type: 6, asset: { payments } }, h.alice.passphrase);
    applyTransaction(tx, h.state, h.ctx);
    expect(h.state.wallet(h.alice.address).balance).toBe(USER_BALANCE - 9n * TOKEN - 10_000_000n);
    expect(h.state.wallet(h.bob.address).balance).toBe(USER_BALANCE + 6n * TOKEN);
    expect(h.state.wallet(h.carol.address).balance).toBe(USER_BALANCE + 3n * TOKEN);
    revertTransaction(tx, h.state, h.ctx);
    expectSameAsBase(h.state);
  });

  it('rejects payments above the balance', () => {
    const h = harness();
    const payments = [
      { amount: USER_BALANCE, recipientId: h.bob.address },
      { amount: 1n, recipientId: h.carol.address },
    ];
    expect(() =>
      checkTransaction(h.tx({ type: 6, asset: { payments } }, h.alice.passphrase), h.state, h.ctx),
    ).toThrow(/insufficient balance/);
  });
});

function entity(
  h: Harness,
  passphrase: string,
  asset: { type: number; subType: number; action: number; registrationId?: string; data: object },
  fee?: bigint,
): TransactionData {
  return h.tx({ typeGroup: 2, type: 6, asset, ...(fee === undefined ? {} : { fee }) }, passphrase);
}

describe('entity', () => {
  it('registers, updates and resigns its own entity; revert goes back step by step', () => {
    const h = harness();
    const register = entity(h, h.alice.passphrase, {
      type: 0,
      subType: 1,
      action: 0,
      data: { name: 'my_business' },
    });
    applyTransaction(register, h.state, h.ctx);
    expect(h.state.entity(register.id!)).toMatchObject({
      address: h.alice.address,
      data: { name: 'my_business' },
    });
    expect(h.state.entityIdByName(0, 'my_business')).toBe(register.id);
    const update = entity(h, h.alice.passphrase, {
      type: 0,
      subType: 1,
      action: 1,
      registrationId: register.id!,
      data: { ipfsData: IPFS2 },
    });
    applyTransaction(update, h.state, h.ctx);
    expect(h.state.entity(register.id!)?.data).toEqual({ name: 'my_business', ipfsData: IPFS2 });
    const resign = entity(h, h.alice.passphrase, {
      type: 0,
      subType: 1,
      action: 2,
      registrationId: register.id!,
      data: {},
    });
    applyTransaction(resign, h.state, h.ctx);
    expect(h.state.entity(register.id!)?.resigned).toBe(true);
    const late = entity(h, h.alice.passphrase, {
      type: 0,
      subType: 1,
      action: 1,
      registrationId: register.id!,
      data: { ipfsData: IPFS },
    });
    expect(() => checkTransaction(late, h.state, h.ctx)).toThrow(/has resigned/);

    revertTransaction(resign, h.state, h.ctx);
    revertTransaction(update, h.state, h.ctx);
    expect(h.state.entity(register.id!)?.data).toEqual({ name: 'my_business' });
    revertTransaction(register, h.state, h.ctx);
    expect(h.state.entityIdByName(0, 'my_business')).toBeUndefined();
    expectSameAsBase(h.state);
  });

  it('needs the exact static fee', () => {
    const h = harness();
    const tx = entity(
      h,
      h.alice.passphrase,
      { type: 0, subType: 0, action: 0, data: { name: 'x' } },
      6_000_000_000n,
    );
    expect(() => checkTransaction(tx, h.state, h.ctx)).toThrow(/must be exactly 5000000000/);
  });

  it('keeps name + type unique, and a Delegate entity carries the sender’s username', () => {
    const h = harness();
    applyTransaction(
      entity(h, h.alice.passphrase, { type: 1, subType: 0, action: 0, data: { name: 'tool' } }),
      h.state,
      h.ctx,
    );
    const dup = entity(h, h.bob.passphrase, { type: 1, subType: 0, action: 0, data: { name: 'tool' } });
    expect(() => checkTransaction(dup, h.state, h.ctx)).toThrow(/already registered/);
    const otherType = entity(h, h.bob.passphrase, { type: 2, subType: 0, action: 0, data: { name: 'tool' } });
    expect(() => checkTransaction(otherType, h.state, h.ctx)).not.toThrow();
    const d = h.chain.delegates[0]!;
    const wrong = entity(h, d.passphrase, { type: 4, subType: 0, action: 0, data: { name: 'delegate2' } });
    expect(() => checkTransaction(wrong, h.state, h.ctx)).toThrow(
      /named after the sender's delegate username/,
    );
    const right = entity(h, d.passphrase, { type: 4, subType: 0, action: 0, data: { name: 'delegate1' } });
    expect(() => checkTransaction(right, h.state, h.ctx)).not.toThrow();
  });

  it('updates only its own entity of the same type and subType', () => {
    const h = harness();
    const register = entity(h, h.alice.passphrase, {
      type: 0,
      subType: 1,
      action: 0,
      data: { name: 'mine' },
    });
    applyTransaction(register, h.state, h.ctx);
    const foreign = entity(h, h.bob.passphrase, {
      type: 0,
      subType: 1,
      action: 1,
      registrationId: register.id!,
      data: { ipfsData: IPFS },
    });
    expect(() => checkTransaction(foreign, h.state, h.ctx)).toThrow(/does not belong to/);
    const otherSub = entity(h, h.alice.passphrase, {
      type: 0,
      subType: 2,
      action: 2,
      registrationId: register.id!,
      data: {},
    });
    expect(() => checkTransaction(otherSub, h.state, h.ctx)).toThrow(/is of type 0\/1, not 0\/2/);
  });
});
