import { describe, expect, it } from 'vitest';
import {
  GroupedAdmission,
  decodeIncoming,
  type AddTransactionsResult,
  type DecodeResult,
} from '../../../src/core/node/transaction-pool';
import { PoolHarness, alice, bob, signCtx, transfer } from './support';

const VTY = 100_000_000n;
const decode = (txs: ReturnType<typeof transfer>[]): DecodeResult[] =>
  txs.map((tx, index) => decodeIncoming(tx, index, { ...signCtx, height: 11 }));

function funded(): PoolHarness {
  const h = new PoolHarness();
  for (const who of [alice, bob]) h.fund(who, 1_000n * VTY);
  return h;
}

/** Counts the SQLite transactions committed on the harness's database (its total_changes grows inside them). */
function countCommits(h: PoolHarness): { commits: number } {
  const counter = { commits: 0 };
  const original = h.db.transaction.bind(h.db);
  h.db.transaction = ((fn: (...args: never[]) => unknown) => {
    const wrapped = original(fn);
    return Object.assign((...args: never[]) => {
      const result = wrapped(...args);
      counter.commits++;
      return result;
    }, wrapped);
  }) as typeof h.db.transaction;
  return counter;
}

describe('grouped admission (POST /transactions requests ready in one turn share a commit)', () => {
  it('admits requests ready in the same turn in one SQLite transaction, each answered as if added alone', async () => {
    const h = funded();
    const commits = countCommits(h);
    const grouped = new GroupedAdmission((batches) => h.pool.addDecodedBatches(batches), 80);
    // Alice's nonce 2 in the second request depends on her nonce 1 in the first: admitted in order.
    const first = transfer(alice, 1n);
    const second = transfer(alice, 2n);
    const third = transfer(bob, 1n);
    const answers = await Promise.all([
      grouped.add(decode([first])),
      grouped.add(decode([second, third, first])),
    ]);
    expect(commits.commits).toBe(1);
    expect(answers[0].accept).toEqual([first.id]);
    expect(answers[1].accept).toEqual([second.id, third.id]);
    expect(answers[1].errors[first.id!]?.type).toBe('ERR_DUPLICATE');
    // Every accepted row was on disk when the answers came.
    const rows = h.db.prepare('SELECT id FROM pool ORDER BY id').pluck().all() as string[];
    expect(rows).toEqual([first.id, second.id, third.id].sort());
  });

  it('commits at most maxTransactions a turn (whole requests), the rest in the next turn', async () => {
    const h = funded();
    const commits = countCommits(h);
    const grouped = new GroupedAdmission((batches) => h.pool.addDecodedBatches(batches), 2);
    const txs = [1n, 2n, 3n].map((nonce) => transfer(alice, nonce));
    const answers = await Promise.all(txs.map((tx) => grouped.add(decode([tx]))));
    expect(answers.map((answer) => answer.accept)).toEqual(txs.map((tx) => [tx.id]));
    expect(commits.commits).toBe(2);
  });

  it("rejects every request of a group whose commit fails, and the next group's requests still run", async () => {
    let calls = 0;
    const empty: AddTransactionsResult = { accept: [], broadcast: [], excess: [], invalid: [], errors: {} };
    const grouped = new GroupedAdmission((batches) => {
      calls++;
      if (calls === 1) throw new Error('disk full');
      return batches.map(() => empty);
    }, 80);
    const failed = Promise.allSettled([grouped.add([]), grouped.add([])]);
    expect((await failed).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await grouped.add([])).toEqual(empty);
  });
});
