import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { DEFAULT_DYNAMIC_FEES, dynamicFee } from '../../../src/core/protocol/fees';
import { mainnet } from '../../../src/core/protocol/networks';
import {
  serializeTransaction,
  signTransaction,
  type TransactionData,
} from '../../../src/core/protocol/transactions';
import type { AddTransactionsResult } from '../../../src/core/node/transaction-pool';
import { PoolHarness, alice, bob, carol, dave, signCtx, transfer } from './support';

const VTY = 100_000_000n;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function funded(options = {}): PoolHarness {
  const h = new PoolHarness(options);
  for (const who of [alice, bob, carol, dave]) h.fund(who, 1_000n * VTY);
  return h;
}

function expectError(
  result: AddTransactionsResult,
  id: string | undefined,
  type: string,
  message: RegExp,
): void {
  const error = result.errors[id ?? ''];
  expect(error?.type).toBe(type);
  expect(error?.message).toMatch(message);
}

function floorOf(tx: TransactionData): bigint {
  return dynamicFee(tx, { satoshiPerByte: 3000, addonBytes: DEFAULT_DYNAMIC_FEES.addonBytes });
}

describe('TransactionPool admission', () => {
  it('accepts a valid transfer (data or bytes) and answers like POST /api/transactions', () => {
    const h = funded();
    const first = transfer(alice, 1n);
    const second = transfer(alice, 2n);
    const result = h.pool.addTransactions([first, serializeTransaction(second)]);
    expect(result).toEqual({
      accept: [first.id, second.id],
      broadcast: [first.id, second.id],
      excess: [],
      invalid: [],
      errors: {},
    });
    expect(h.pool.size()).toBe(2);
    expect(h.pool.get(first.id!)?.tx.amount).toBe(1_000n);
    expect(h.pool.bySender(first.senderPublicKey).map((e) => e.nonce)).toEqual([1n, 2n]);
    expect(h.poolRows()).toEqual([first.id, second.id].sort());
  });

  it('ERR_DUPLICATE: the same transaction twice', () => {
    const h = funded();
    const tx = transfer(alice, 1n);
    const result = h.pool.addTransactions([tx, tx]);
    expect(result.accept).toEqual([tx.id]);
    expect(result.invalid).toEqual([tx.id]);
    expectError(result, tx.id, 'ERR_DUPLICATE', /#1 .* Transfer v2 is already in pool$/);
  });

  it('ERR_LOW_FEE below the dynamic floor; exactly the floor enters', () => {
    const h = funded();
    const probe = transfer(alice, 1n);
    const floor = floorOf(probe);
    expect(floor).toBe(BigInt(100 + Math.round(serializeTransaction(probe).length / 2)) * 3000n);
    const low = transfer(alice, 1n, { fee: floor - 1n });
    const exact = transfer(alice, 1n, { fee: floor });
    const result = h.pool.addTransactions([low, exact]);
    expect(result.errors[low.id!]?.type).toBe('ERR_LOW_FEE');
    expect(result.errors[low.id!]?.message).toMatch(/fee is to low to enter the pool$/);
    expect(result.accept).toEqual([exact.id]);
  });

  it('accepts without broadcasting below minFeeBroadcast', () => {
    const h = funded({ dynamicFees: { minFeeBroadcast: 100_000 } });
    const tx = transfer(alice, 1n, { fee: 600_000n });
    const result = h.pool.addTransactions([tx]);
    expect(result.accept).toEqual([tx.id]);
    expect(result.broadcast).toEqual([]);
  });

  it('without dynamic fees the fee must be the static fee (ERR_LOW_FEE / ERR_HIGH_FEE)', () => {
    const h = funded({ dynamicFees: { enabled: false } });
    const low = transfer(alice, 1n, { fee: 9_999_999n });
    const high = transfer(alice, 1n, { fee: 10_000_001n });
    const exact = transfer(alice, 1n, { fee: 10_000_000n });
    const result = h.pool.addTransactions([low, high, exact]);
    expect(result.errors[low.id!]?.type).toBe('ERR_LOW_FEE');
    expect(result.errors[high.id!]?.type).toBe('ERR_HIGH_FEE');
    expect(result.accept).toEqual([exact.id]);
  });

  it('ERR_APPLY: one vote per sender waits in the pool (ARK Core 3.9.1: unvote, then vote once it is forged)', () => {
    const h = funded();
    const delegate = signTransaction(
      { type: 2, nonce: 1n, asset: { delegate: { username: 'pool_dave' } } },
      { passphrase: dave },
      signCtx,
    );
    h.confirm(delegate);
    const daveKey = delegate.senderPublicKey;
    const vote = signTransaction(
      { type: 3, nonce: 1n, asset: { votes: [`+${daveKey}`] } },
      { passphrase: alice },
      signCtx,
    );
    const unvote = signTransaction(
      { type: 3, nonce: 2n, asset: { votes: [`-${daveKey}`] } },
      { passphrase: alice },
      signCtx,
    );
    const result = h.pool.addTransactions([vote, unvote]);
    expect(result.accept).toEqual([vote.id]);
    expectError(
      result,
      unvote.id,
      'ERR_APPLY',
      new RegExp(
        `cannot be applied: Sender ${vote.senderPublicKey} already has a transaction of type '3' in the pool$`,
      ),
    );
    // Another kind from the same sender still enters after the vote.
    expect(h.pool.addTransactions([transfer(alice, 2n)]).accept).toHaveLength(1);
  });

  it('ERR_APPLY: insufficient balance, or a nonce that is not the next one', () => {
    const h = funded();
    const poor = signTransaction(
      { type: 0, nonce: 1n, amount: 5n, recipientId: addressFromPassphrase(alice, 30) },
      { passphrase: 'pool test empty wallet' },
      signCtx,
    );
    const gap = transfer(bob, 2n);
    const result = h.pool.addTransactions([poor, gap]);
    expectError(result, poor.id, 'ERR_APPLY', /cannot be applied: .*insufficient balance/i);
    expect(result.errors[gap.id!]?.type).toBe('ERR_APPLY');
    expect(result.errors[gap.id!]?.message).toMatch(/nonce/);
    expect(h.pool.size()).toBe(0);
    expect(h.poolRows()).toEqual([]);
  });

  it('ERR_BAD_DATA: a bad signature, an id that does not match, undecodable bytes', () => {
    const h = funded();
    const tx = transfer(alice, 1n);
    const bytes = serializeTransaction(tx);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x01;
    const wrongId = { ...transfer(alice, 1n), id: 'ab'.repeat(32) };
    const result = h.pool.addTransactions([bytes, wrongId, new Uint8Array([0xff, 2, 30, 1])]);
    expect(result.accept).toEqual([]);
    const errors = Object.values(result.errors);
    expect(errors.map((e) => e.type)).toEqual(['ERR_BAD_DATA', 'ERR_BAD_DATA', 'ERR_BAD_DATA']);
    expect(errors[0]!.message).toMatch(/didn't passed verification$/);
    expect(errors[1]!.message).toMatch(/^Invalid transaction data: id abab/);
    expect(errors[2]!.message).toMatch(/^Invalid transaction data: /);
    expect(result.errors[wrongId.id]).toBeDefined();
  });

  it('ERR_WRONG_NETWORK: a transaction signed for another network', () => {
    const h = funded();
    const foreign = signTransaction(
      { type: 0, nonce: 1n, amount: 5n, recipientId: addressFromPassphrase(bob, 23) },
      { passphrase: alice },
      { network: mainnet, height: 20_000_000 },
    );
    const result = h.pool.addTransactions([foreign, serializeTransaction(foreign)]);
    expect(Object.values(result.errors)).toEqual([
      { type: 'ERR_WRONG_NETWORK', message: "network 23 doesn't match node's network 30" },
    ]);
    expect(result.invalid).toEqual([foreign.id, foreign.id]);
  });

  it('ERR_UNSUPPORTED: an unknown type, a type not active at this milestone', () => {
    const h = funded();
    const bytes = serializeTransaction(transfer(alice, 1n));
    bytes[7] = 99; // type (u16 LE at offset 7)
    const business = signTransaction(
      {
        typeGroup: 2,
        type: 0,
        nonce: 1n,
        asset: { businessRegistration: { name: 'acme', website: 'https://acme.example' } },
      },
      { passphrase: alice },
      signCtx,
    );
    const result = h.pool.addTransactions([bytes, business]);
    const errors = Object.values(result.errors);
    expect(errors.map((e) => e.type)).toEqual(['ERR_UNSUPPORTED', 'ERR_UNSUPPORTED']);
    expect(errors[0]!.message).toMatch(/Unknown transaction type: Core\/99/);
    expect(errors[1]!.message).toMatch(/BusinessRegistration v2 .*aip36/);
  });

  it('ERR_EXPIRED: an expiration at or below the next height', () => {
    const h = funded();
    const expired = transfer(alice, 1n, { expiration: h.height + 1 });
    const result = h.pool.addTransactions([expired]);
    expectError(result, expired.id, 'ERR_EXPIRED', new RegExp(`expired at height ${h.height + 1}$`));
  });

  it('ERR_TOO_LARGE above maxTransactionBytes', () => {
    const h = funded({ maxTransactionBytes: 100 });
    const tx = transfer(alice, 1n);
    const result = h.pool.addTransactions([tx, serializeTransaction(tx)]);
    expectError(result, tx.id, 'ERR_TOO_LARGE', /exceeds size limit of 100 bytes$/);
    expect(result.invalid).toEqual([tx.id, tx.id]);
  });

  it("ERR_EXCEEDS_MAX_COUNT above the sender's limit, reported in excess too", () => {
    const h = funded({ maxTransactionsPerSender: 3 });
    const txs = [1n, 2n, 3n, 4n].map((nonce) => transfer(alice, nonce));
    const result = h.pool.addTransactions(txs);
    expect(result.accept).toEqual(txs.slice(0, 3).map((tx) => tx.id));
    expect(result.excess).toEqual([txs[3]!.id]);
    expect(result.invalid).toEqual([txs[3]!.id]);
    expect(result.errors[txs[3]!.id!]?.message).toMatch(/exceeds sender's 3 transactions count limit$/);
    expect(h.pool.addTransactions([transfer(bob, 1n)]).accept).toHaveLength(1);
  });

  it('ERR_POOL_FULL unless the fee beats the lowest, which is then evicted', () => {
    const h = funded({ maxTransactionsInPool: 3 });
    const a = transfer(alice, 1n, { fee: 600_000n });
    const b = transfer(bob, 1n, { fee: 700_000n });
    const c = transfer(carol, 1n, { fee: 800_000n });
    expect(h.pool.addTransactions([a, b, c]).accept).toHaveLength(3);

    const tie = transfer(dave, 1n, { fee: 600_000n });
    const refused = h.pool.addTransactions([tie]);
    expectError(refused, tie.id, 'ERR_POOL_FULL', /fee 600000 is lower than 600000 already in pool$/);

    const higher = transfer(dave, 1n, { fee: 650_000n });
    expect(h.pool.addTransactions([higher]).accept).toEqual([higher.id]);
    expect(h.pool.has(a.id!)).toBe(false);
    expect(h.pool.size()).toBe(3);
    expect(h.poolRows()).toEqual([b.id, c.id, higher.id].sort());
  });

  it('never evicts the sender’s own predecessor', () => {
    const h = funded({ maxTransactionsInPool: 2 });
    const a1 = transfer(alice, 1n, { fee: 600_000n });
    const b1 = transfer(bob, 1n, { fee: 900_000n });
    h.pool.addTransactions([a1, b1]);
    const a2 = transfer(alice, 2n, { fee: 5_000_000n });
    expect(h.pool.addTransactions([a2]).accept).toEqual([a2.id]);
    expect(h.pool.all().map((e) => e.id)).toEqual([a1.id, a2.id]);
  });
});

describe('TransactionPool ordering and block assembly', () => {
  function prepared() {
    const h = funded();
    const a1 = transfer(alice, 1n, { fee: 600_000n });
    const a2 = transfer(alice, 2n, { fee: 2_000_000n });
    const b1 = transfer(bob, 1n, { fee: 1_000_000n });
    const c1 = transfer(carol, 1n, { fee: 700_000n });
    expect(h.pool.addTransactions([a1, a2, b1, c1]).accept).toHaveLength(4);
    return { h, a1, a2, b1, c1 };
  }

  it('lists by fee priority while keeping each sender in nonce order', () => {
    const { h, a1, a2, b1, c1 } = prepared();
    expect(h.pool.all().map((e) => e.id)).toEqual([b1.id, c1.id, a1.id, a2.id]);
    expect(h.pool.all(1, 2).map((e) => e.id)).toEqual([c1.id, a1.id]);
  });

  it('collects for a block in the same order, within maxTransactions and the payload', () => {
    const { h, a1, a2, b1, c1 } = prepared();
    const ctx = h.nextContext();
    expect(h.pool.collectForBlock(150, 6_000_000, ctx).map((e) => e.id)).toEqual([
      b1.id,
      c1.id,
      a1.id,
      a2.id,
    ]);
    expect(h.pool.collectForBlock(2, 6_000_000, ctx).map((e) => e.id)).toEqual([b1.id, c1.id]);
    const size = serializeTransaction(b1).length + 4;
    expect(h.pool.collectForBlock(150, 3 * size - 1, ctx).map((e) => e.id)).toEqual([b1.id, c1.id]);
    expect(h.pool.size()).toBe(4);
  });

  it('drops a candidate that no longer applies, with its sender’s later transactions', () => {
    const { h, a1, a2, b1, c1 } = prepared();
    h.state.mutableWallet(addressFromPassphrase(alice, 30)).balance = 0n;
    expect(h.pool.collectForBlock(150, 6_000_000, h.nextContext()).map((e) => e.id)).toEqual([b1.id, c1.id]);
    expect(h.pool.has(a1.id!)).toBe(false);
    expect(h.pool.has(a2.id!)).toBe(false);
    expect(h.poolRows()).toEqual([b1.id, c1.id].sort());
  });
});

describe('TransactionPool after a block and across restarts', () => {
  it('removes forged transactions and keeps the rest of the queue', () => {
    const h = funded();
    const txs = [1n, 2n, 3n].map((nonce) => transfer(alice, nonce));
    h.pool.addTransactions(txs);
    h.confirm(txs[0]!);
    expect(h.pool.bySender(txs[0]!.senderPublicKey).map((e) => e.id)).toEqual([txs[1]!.id, txs[2]!.id]);
    expect(h.poolRows()).toEqual([txs[1]!.id, txs[2]!.id].sort());
  });

  it('drops a transaction whose nonce another forged transaction used, keeping later ones that still apply', () => {
    const h = funded();
    const txs = [1n, 2n, 3n].map((nonce) => transfer(alice, nonce));
    h.pool.addTransactions(txs);
    const other = transfer(alice, 2n, { amount: 77n });
    h.confirm(txs[0]!, other);
    expect(h.pool.bySender(txs[0]!.senderPublicKey).map((e) => e.id)).toEqual([txs[2]!.id]);
  });

  it('drops transactions a block made invalid, with their sender’s later ones', () => {
    const h = funded();
    const a = [1n, 2n].map((nonce) => transfer(alice, nonce));
    const b = transfer(bob, 1n);
    h.pool.addTransactions([...a, b]);
    h.state.mutableWallet(addressFromPassphrase(alice, 30)).balance = 1_000n;
    h.confirm();
    expect(h.pool.all().map((e) => e.id)).toEqual([b.id]);
    expect(h.poolRows()).toEqual([b.id]);
  });

  it('expires by expiration height and by maximum age', () => {
    const h = funded({ maxTransactionAge: 3 });
    const expiring = transfer(alice, 1n, { expiration: h.height + 3 });
    const ageing = transfer(bob, 1n);
    h.pool.addTransactions([expiring, ageing]);
    h.advance(1);
    expect(h.pool.size()).toBe(2);
    h.advance(1); // next height = expiration
    expect(h.pool.has(expiring.id!)).toBe(false);
    expect(h.pool.has(ageing.id!)).toBe(true);
    h.advance(1); // 3 blocks since it arrived
    expect(h.pool.size()).toBe(0);
    expect(h.poolRows()).toEqual([]);
  });

  it('a batch stores the transactions it accepted, and only those, before it answers', () => {
    const h = new PoolHarness();
    for (const who of [alice, bob]) h.fund(who, 1_000n * VTY);
    const good = transfer(alice, 1n);
    const gap = transfer(alice, 3n);
    const other = transfer(bob, 1n);
    const result = h.pool.addTransactions([good, gap, other]);
    expect(result.accept).toEqual([good.id, other.id]);
    expect(result.invalid).toEqual([gap.id]);
    expect(h.poolRows()).toEqual([good.id!, other.id!].sort());
  });

  it('reloads and revalidates the persisted pool on restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'votary-pool-'));
    dirs.push(dir);
    const db = PoolHarness.database(join(dir, 'chain.db'));
    const h = new PoolHarness({}, db);
    for (const who of [alice, bob]) h.fund(who, 1_000n * VTY);
    const a = [1n, 2n].map((nonce) => transfer(alice, nonce, { fee: 900_000n }));
    const b = transfer(bob, 1n, { fee: 800_000n });
    h.pool.addTransactions([...a, b]);
    const before = h.pool.all().map((e) => e.id);

    expect(
      h
        .open()
        .all()
        .map((e) => e.id),
    ).toEqual(before);
    expect(h.pool.get(a[0]!.id!)?.receivedHeight).toBe(10);

    h.state.mutableWallet(addressFromPassphrase(bob, 30)).balance = 0n;
    expect(
      h
        .open()
        .all()
        .map((e) => e.id),
    ).toEqual([a[0]!.id, a[1]!.id]);
    expect(h.poolRows()).toEqual([a[0]!.id, a[1]!.id].sort());
    db.close();
  });
});
