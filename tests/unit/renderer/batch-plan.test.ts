import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { planBatch } from '../../../src/renderer/features/batch/batch-plan';

const codec = createBase58check(sha256);
/** A valid address of the network byte, from a distinct 20-byte hash per index. */
function address(index: number, version = 30): string {
  const payload = new Uint8Array(21);
  payload[0] = version;
  payload[20] = index;
  payload[19] = index >> 8;
  return codec.encode(payload);
}

describe('planBatch', () => {
  it('checks every row and says which line is wrong and why', () => {
    const csv = [
      'address,amount,memo',
      `${address(1)},1.5,salary`,
      `${address(2)},0,salary`,
      `${address(3, 23)},2,salary`,
      `${address(4)},1.123456789,salary`,
      `${address(5)},"2.25",`,
    ].join('\n');
    const plan = planBatch(csv, 30);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.rows.map((r) => [r.line, r.problem ?? 'ok'])).toEqual([
      [2, 'ok'],
      [3, '“0” is not an amount above 0 with at most 8 decimals (use “.”).'],
      [4, 'This is an address of another network, not of the one this wallet is on.'],
      [5, '“1.123456789” is not an amount above 0 with at most 8 decimals (use “.”).'],
      [6, 'ok'],
    ]);
    expect(plan.transactions).toEqual([
      { memo: 'salary', payments: [{ recipientId: address(1), amount: '150000000' }], total: '150000000' },
      { memo: '', payments: [{ recipientId: address(5), amount: '225000000' }], total: '225000000' },
    ]);
    expect(plan.total).toBe('375000000');
  });

  it('groups by memo and splits each group above the multipayment limit, in file order', () => {
    const lines = Array.from({ length: 130 }, (_, i) => `${address(i)},1,${i % 2 === 0 ? 'even' : 'odd'}`);
    const plan = planBatch(lines.join('\r\n'), 30, 50);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.transactions.map((t) => [t.memo, t.payments.length])).toEqual([
      ['even', 50],
      ['even', 15],
      ['odd', 50],
      ['odd', 15],
    ]);
    expect(plan.transactions[0]!.payments[1]!.recipientId).toBe(address(2));
    expect(plan.total).toBe(String(130 * 100_000_000));
  });

  it('refuses a broken file, an empty one and a header without amounts', () => {
    expect(planBatch(`${address(1)},"1`, 30)).toEqual({
      ok: false,
      message: 'The CSV file: line 1: a quoted field is never closed.',
    });
    expect(planBatch('address,amount\n', 30)).toEqual({
      ok: false,
      message: 'The CSV file has no payments.',
    });
    expect(planBatch(`recipient,memo\n${address(1)},x`, 30)).toEqual({
      ok: false,
      message: 'The CSV file’s header has no “amount” column.',
    });
  });
});
