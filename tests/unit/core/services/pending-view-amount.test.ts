/**
 * Pending says what a multipayment pays: the sum of its payments. ARK's multipayment carries an amount of 0 of its
 * own (ARK Core packages/crypto/src/transactions/types/multi-payment.ts); the payments carry the value.
 */
import { describe, expect, it } from 'vitest';
import { pendingView } from '../../../../src/core/services/transactions/pending-view';
import type { PendingRecord } from '../../../../src/core/services/transactions/pending-store';

function record(overrides: Partial<PendingRecord>): PendingRecord {
  return {
    id: 'ab'.repeat(32),
    networkId: 'localnet',
    sender: 'D1',
    kind: 'transfer',
    amount: 0n,
    fee: 10_000_000n,
    nonce: 2n,
    json: {
      version: 2,
      network: 30,
      type: 0,
      nonce: '2',
      senderPublicKey: '02'.padEnd(66, '0'),
      fee: '10000000',
      amount: '0',
      id: 'ab'.repeat(32),
    },
    maxAge: 500,
    status: 'in-pool',
    reason: undefined,
    confirmedHeight: undefined,
    reportedBy: undefined,
    sentHeight: 10,
    broadcastHeight: 10,
    createdAt: 0,
    lastBroadcastAt: 0,
    broadcastCount: 1,
    ...overrides,
  };
}

describe('a pending multipayment', () => {
  it('shows the sum of its payments, not its own amount of 0', () => {
    const payments = [
      { amount: '100000000', recipientId: 'DA' },
      { amount: '200000000', recipientId: 'DB' },
      { amount: '30000001', recipientId: 'DC' },
    ];
    const entry = record({
      kind: 'multiPayment',
      json: { ...record({}).json, type: 6, asset: { payments } },
    });
    expect(pendingView(entry, 20, false).amount).toBe('330000001');
  });

  it('leaves every other kind’s amount as signed', () => {
    expect(pendingView(record({ amount: 150_000_000n }), 20, false).amount).toBe('150000000');
  });
});
