import { describe, expect, it } from 'vitest';
import { inSenderNonceOrder, type PoolRow } from '../../../src/core/node/transaction-pool/pool-store';
import {
  signTransaction,
  type TransactionData,
  type TransactionDraft,
} from '../../../src/core/protocol/transactions';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { sha256 } from '../../../src/core/protocol/hash';
import { fromHex, toHex } from '../../../src/core/protocol/hex';
import { PoolHarness, alice, bob, carol, signCtx, transfer } from './support';

const VTY = 100_000_000n;
const IPFS = 'QmR45FmbVVrixReBwJkhEKde2qwHYaQzGxu4ZoDeswuF9w';

function funded(): PoolHarness {
  const h = new PoolHarness();
  for (const who of [alice, bob, carol]) h.fund(who, 1_000n * VTY);
  return h;
}

function signed(passphrase: string, draft: TransactionDraft): TransactionData {
  return signTransaction(draft, { passphrase }, signCtx);
}

function registration(passphrase: string, username: string, nonce = 1n): TransactionData {
  return signed(passphrase, { type: 2, nonce, asset: { delegate: { username } } });
}

function entityRegistration(passphrase: string, name: string): TransactionData {
  return signed(passphrase, {
    typeGroup: 2,
    type: 6,
    nonce: 1n,
    asset: { type: 0, subType: 0, action: 0, data: { name } },
  });
}

describe('pool: names claimed by pending transactions', () => {
  it('refuses a second pending registration of a username from another sender (ERR_APPLY)', () => {
    const h = funded();
    const mine = registration(alice, 'votary');
    const theirs = registration(bob, 'votary');
    const result = h.pool.addTransactions([mine, theirs]);
    expect(result.accept).toEqual([mine.id]);
    expect(result.errors[theirs.id!]).toEqual({
      type: 'ERR_APPLY',
      message: expect.stringMatching(
        new RegExp(
          `DelegateRegistration v2 cannot be applied: the delegate username "votary" is already claimed by ` +
            `transaction ${mine.id} in the pool$`,
        ),
      ) as unknown,
    });
    // Another username is fine.
    expect(h.pool.addTransactions([registration(carol, 'other')]).accept).toHaveLength(1);
  });

  it('frees the name when the pending registration leaves the pool', () => {
    const h = funded();
    const mine = registration(alice, 'votary');
    h.pool.addTransactions([mine]);
    h.pool.remove([mine.id!]);
    const theirs = registration(bob, 'votary');
    expect(h.pool.addTransactions([theirs]).accept).toEqual([theirs.id]);
  });

  it('refuses a username that is already registered on the chain', () => {
    const h = funded();
    h.confirm(registration(alice, 'votary'));
    const theirs = registration(bob, 'votary');
    const result = h.pool.addTransactions([theirs]);
    expect(result.errors[theirs.id!]?.type).toBe('ERR_APPLY');
    expect(result.errors[theirs.id!]?.message).toMatch(/the delegate username "votary" is already taken$/);
  });

  it('drops a pending registration once a block gives its username to someone else', () => {
    const h = funded();
    const pending = registration(alice, 'votary');
    h.pool.addTransactions([pending, transfer(alice, 2n)]);
    // Bob's registration reached a block without passing through this pool.
    h.confirm(registration(bob, 'votary'));
    expect(h.pool.size()).toBe(0);
    expect(h.poolRows()).toEqual([]);
    // The claim left with it: the chain's own rule answers now.
    const again = registration(carol, 'votary');
    expect(h.pool.addTransactions([again]).errors[again.id!]?.message).toMatch(/already taken$/);
  });

  it('keeps the claim when its holder is forged', () => {
    const h = funded();
    const mine = registration(alice, 'votary');
    h.pool.addTransactions([mine]);
    h.confirm(mine);
    const theirs = registration(bob, 'votary');
    expect(h.pool.addTransactions([theirs]).errors[theirs.id!]?.message).toMatch(/already taken$/);
  });

  it('rebuilds the claims on restart', () => {
    const h = funded();
    const mine = registration(alice, 'votary');
    h.pool.addTransactions([mine]);
    h.open();
    expect(h.pool.has(mine.id!)).toBe(true);
    const theirs = registration(bob, 'votary');
    expect(h.pool.addTransactions([theirs]).errors[theirs.id!]?.message).toMatch(/already claimed/);
  });

  it('does the same for entity names (per type) and IPFS hashes', () => {
    const h = funded();
    const entity = entityRegistration(alice, 'my_business');
    const sameName = entityRegistration(bob, 'my_business');
    const ipfs = signed(carol, { type: 5, nonce: 1n, asset: { ipfs: IPFS } });
    const sameHash = signed(bob, { type: 5, nonce: 1n, asset: { ipfs: IPFS } });
    const result = h.pool.addTransactions([entity, sameName, ipfs, sameHash]);
    expect(result.accept).toEqual([entity.id, ipfs.id]);
    expect(result.errors[sameName.id!]?.message).toMatch(
      /the entity name "my_business" \(type 0\) is already claimed by transaction/,
    );
    expect(result.errors[sameHash.id!]?.message).toMatch(
      new RegExp(`the IPFS hash ${IPFS} is already claimed by transaction ${ipfs.id}`),
    );
  });
});

describe('inSenderNonceOrder (restart and revert re-admission)', () => {
  function row(id: string, sender: string, nonce: bigint): PoolRow {
    return {
      id,
      serialized: new Uint8Array(),
      senderPublicKey: sender,
      nonce,
      fee: 1n,
      receivedHeight: 1,
      receivedAt: 0,
    };
  }

  it('one pending claim per lock, whoever sends it, in ARK Core’s words', () => {
    const h = funded();
    const secret = 'ab'.repeat(32);
    const lock = signed(alice, {
      type: 8,
      nonce: 1n,
      amount: 5n * VTY,
      recipientId: addressFromPassphrase(bob, 30),
      asset: {
        lock: { secretHash: toHex(sha256(fromHex(secret))), expiration: { type: 2, value: 1_000_000 } },
      },
    });
    h.confirm(lock);
    const claim = (passphrase: string) =>
      signed(passphrase, {
        type: 9,
        nonce: 1n,
        fee: 0n,
        asset: { claim: { lockTransactionId: lock.id!, unlockSecret: secret } },
      });
    const first = claim(bob);
    const second = claim(carol);
    const result = h.pool.addTransactions([first, second]);
    expect(result.accept).toEqual([first.id]);
    expect(result.errors[second.id!]).toEqual({
      type: 'ERR_APPLY',
      message: expect.stringMatching(
        new RegExp(`cannot be applied: HtlcClaim for "${lock.id!}" already in the pool$`),
      ) as string,
    });
  });

  it('keeps the arrival order across senders and puts each sender in nonce order', () => {
    const rows = [row('a3', 'A', 3n), row('b1', 'B', 1n), row('a1', 'A', 1n), row('a2', 'A', 2n)];
    expect(inSenderNonceOrder(rows).map((r) => r.id)).toEqual(['a1', 'b1', 'a2', 'a3']);
  });
});
