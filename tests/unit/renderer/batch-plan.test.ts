import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { planBatch } from '../../../src/renderer/features/batch/batch-plan';
import { planBatchFile } from '../../../src/renderer/features/batch/plan-batch-file';
import { summariseLeftOut } from '../../../src/renderer/lib/left-out';

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
    const plan = planBatch(csv, 30, 64);
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
    expect(planBatch(`${address(1)},"1`, 30, 64)).toEqual({
      ok: false,
      message: 'The CSV file: line 1: a quoted field is never closed.',
    });
    expect(planBatch('address,amount\n', 30, 64)).toEqual({
      ok: false,
      message: 'The CSV file has no payments.',
    });
    expect(planBatch(`recipient,memo\n${address(1)},x`, 30, 64)).toEqual({
      ok: false,
      message: 'The CSV file’s header has no “amount” column.',
    });
  });
});

describe('a multipayment file past the limits', () => {
  /** `rows` lines of a valid payment each. */
  const paymentLines = (rows: number) => `${address(1)},1\n`.repeat(rows);

  it('a 1 M-row, 35 MB file is refused from its size with a sentence, never read nor planned', async () => {
    const file = new File([paymentLines(1_000_000)], 'payroll.csv', { type: 'text/csv' });
    expect(file.size).toBeGreaterThan(30 * 1024 * 1024);
    let read = false;
    const picked = {
      name: file.name,
      size: file.size,
      text: () => {
        read = true;
        return file.text();
      },
    };
    const plan = await planBatchFile(picked, 30, 64, () => {
      throw new Error('planned');
    });
    expect(plan).toEqual({
      ok: false,
      message:
        '“payroll.csv” is 35.3 MB; a multipayment file may be at most 4 MB: split it into smaller files.',
    });
    expect(read).toBe(false);
    // The text itself, however it arrives, is refused before a row is parsed.
    expect(planBatch(paymentLines(1_000_000), 30, 64)).toEqual({
      ok: false,
      message: 'A multipayment file may be at most 4 MB: split it into smaller files.',
    });
  });

  it('a file within the size but past 10,000 rows is refused with a sentence', async () => {
    const text = `address,amount\n${paymentLines(10_001)}`;
    const file = new File([text], 'many.csv');
    expect(await planBatchFile(file, 30, 64)).toEqual({
      ok: false,
      message:
        'A multipayment file may hold at most 10,000 rows, and this one holds more: split it into smaller files.',
    });
    // 10,000 rows and a header are planned.
    const plan = await planBatchFile(new File([`address,amount\n${paymentLines(10_000)}`], 'ok.csv'), 30, 64);
    expect(plan.ok && plan.transactions.length).toBe(157);
  });

  it('a long list of refused rows is summed up: the first rows, then the rest counted by reason', () => {
    const lines = Array.from({ length: 1_000 }, (_, i) =>
      i % 5 < 3 ? `${address(i, 23)},1` : `${address(i)},${i}.123456789`,
    );
    const plan = planBatch(lines.join('\n'), 30, 64);
    if (!plan.ok) throw new Error(plan.message);
    const bad = plan.rows
      .filter((row) => row.problem !== undefined)
      .map((row) => ({
        at: `line ${row.line}`,
        reason: row.problem!,
        ...(row.kind ? { kind: row.kind } : {}),
      }));
    expect(bad).toHaveLength(1_000);
    const summary = summariseLeftOut(bad);
    expect(summary.listed.map((row) => row.at)).toEqual(
      Array.from({ length: 20 }, (_, i) => `line ${i + 1}`),
    );
    expect(summary.rest).toBe(
      'and 980 more rows left out: an address of another network (588); not an amount above 0 with at most 8 decimals (392).',
    );
  });
});
