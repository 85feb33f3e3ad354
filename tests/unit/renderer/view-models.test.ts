import { describe, expect, it } from 'vitest';
import type { FeesView, TransactionView } from '../../../src/shared/domain/chain-views';
import { mergeRecent } from '../../../src/renderer/features/dashboard/RecentActivity';
import { planSend } from '../../../src/renderer/features/send/recipients';
import { inRange } from '../../../src/renderer/lib/csv';
import { feeFor } from '../../../src/renderer/lib/fees';

const A = 'AJWRd23HNEhPLkK1ymMnwnDBX2a7QBZqff';
const B = 'AUexKjGtgsSpVzPLs6jNMM6vJ6znEVTQWK';

describe('planSend', () => {
  it('one recipient is a transfer, with memo and fee', () => {
    const plan = planSend([{ address: ` ${A} `, amount: '1.5' }], 'hi', '10000000');
    expect(plan).toEqual({
      ok: true,
      draft: { kind: 'transfer', recipientId: A, amount: '150000000', memo: 'hi', fee: '10000000' },
      total: '150000000',
      payments: [{ recipientId: A, amount: '150000000' }],
    });
  });
  it('two or more recipients are a multipayment with their total', () => {
    const plan = planSend(
      [
        { address: A, amount: '1' },
        { address: B, amount: '0.00000001' },
      ],
      '',
      undefined,
    );
    expect(plan.ok && plan.draft).toEqual({
      kind: 'multiPayment',
      payments: [
        { recipientId: A, amount: '100000000' },
        { recipientId: B, amount: '1' },
      ],
    });
    expect(plan.ok && plan.total).toBe('100000001');
  });
  it('names the row that is wrong', () => {
    const plan = planSend(
      [
        { address: A, amount: '1' },
        { address: B, amount: '0' },
      ],
      '',
      undefined,
    );
    expect(plan).toEqual({
      ok: false,
      message: 'Enter an amount above zero, with at most 8 decimals for recipient 2.',
    });
    expect(planSend([{ address: '', amount: '1' }], '', undefined)).toEqual({
      ok: false,
      message: 'Enter the recipient address.',
    });
  });
});

describe('fees', () => {
  const fees: FeesView = {
    static: { '1': { transfer: '10000000', multiPayment: '10000000' } },
    stats: { byTypeGroup: { '1': { transfer: { min: '1', avg: '2', max: '3', sum: '6' } } } },
  };
  it('reads the static fee and the min/avg/max statistics by type name', () => {
    expect(feeFor(fees, 'transfer', 0, 'static')).toBe('10000000');
    expect(feeFor(fees, 'transfer', 0, 'avg')).toBe('2');
    expect(feeFor(fees, 'multiPayment', 6, 'max')).toBeUndefined();
    expect(feeFor(undefined, 'transfer', 0, 'static')).toBeUndefined();
  });
});

describe('history view models', () => {
  const tx = (id: string, unix: number | undefined): TransactionView => ({
    id,
    type: 0,
    typeGroup: 1,
    kind: 'transfer',
    amount: '1',
    fee: '1',
    sender: A,
    senderPublicKey: 'p',
    recipient: B,
    confirmations: 1,
    ...(unix === undefined
      ? {}
      : { timestamp: { epoch: 0, unix, human: new Date(unix * 1000).toISOString() } }),
  });
  it('merges wallets’ recent transactions once each, newest (and unconfirmed) first', () => {
    const merged = mergeRecent(
      [
        [tx('a', 10), tx('b', 30)],
        [tx('b', 30), tx('c', 20), tx('p', undefined)],
      ],
      3,
    );
    expect(merged.map((t) => t.id)).toEqual(['p', 'b', 'c']);
  });
  it('keeps the transactions of a date range, inclusive', () => {
    expect(
      inRange([tx('a', 10), tx('b', 20), tx('c', 30), tx('p', undefined)], 20, 30).map((t) => t.id),
    ).toEqual(['b', 'c']);
  });
});
