/**
 * A wallet's history rows and CSV from the host's ledger (`effect`, core/domain/ledger.ts): an HTLC lock is not
 * money received, a claim and a refund say their real amounts, a received row carries no fee, and the CSV's
 * numbers are plain (never grouped, never quoted) and add up to the balance.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../src/shared/domain/chain-views';
import { historyRow, NO_NAMES } from '../../../src/renderer/features/wallet/history-row';
import { transactionsCsv } from '../../../src/renderer/lib/csv';

const MAIN = 'DMainMainMainMainMainMainMainMainM';
const BOB = 'DBobBobBobBobBobBobBobBobBobBobBob';
const VTY = 100_000_000n;

type Effect = NonNullable<TransactionView['effect']>;
const effect = (over: Partial<Record<keyof Effect, bigint>>): Effect => ({
  received: String(over.received ?? 0n),
  sent: String(over.sent ?? 0n),
  fee: String(over.fee ?? 0n),
  locked: String(over.locked ?? 0n),
  unlocked: String(over.unlocked ?? 0n),
});

const base: TransactionView = {
  id: 'x',
  type: 0,
  typeGroup: 1,
  kind: 'transfer',
  amount: '0',
  fee: String(VTY / 10n),
  sender: MAIN,
  senderPublicKey: '02aa',
  recipient: BOB,
  confirmations: 1,
};

/** Bob's history: the faucet's 1,000, a lock from Main for 10 (claimed), a lock for 3 (refunded to Main). */
const bobRows: TransactionView[] = [
  {
    ...base,
    id: 'fund',
    sender: 'DFaucet',
    amount: String(1000n * VTY),
    direction: 'received',
    effect: effect({ received: 1000n * VTY }),
  },
  {
    ...base,
    id: 'lock10',
    kind: 'htlcLock',
    type: 8,
    amount: String(10n * VTY),
    direction: 'received',
    closedBy: 'htlcClaim',
    effect: effect({}),
  },
  {
    ...base,
    id: 'claim',
    kind: 'htlcClaim',
    type: 9,
    sender: BOB,
    recipient: '',
    fee: '0',
    direction: 'sent',
    lockOf: { sender: MAIN, recipient: BOB, amount: String(10n * VTY) },
    effect: effect({ received: 10n * VTY }),
  },
  {
    ...base,
    id: 'lock3',
    kind: 'htlcLock',
    type: 8,
    amount: String(3n * VTY),
    direction: 'received',
    closedBy: 'htlcRefund',
    effect: effect({}),
  },
];

describe('history rows read the ledger', () => {
  it('a lock addressed to this wallet is not money received; its claim is, for its real amount', () => {
    const lock = historyRow(bobRows[1]!, BOB, NO_NAMES);
    expect(lock).toMatchObject({ amount: String(10n * VTY), sign: undefined, fee: undefined });
    const refunded = historyRow(bobRows[3]!, BOB, NO_NAMES);
    expect(refunded).toMatchObject({ sign: undefined, note: 'refunded to the sender: not received' });
    const claim = historyRow(bobRows[2]!, BOB, NO_NAMES);
    expect(claim).toMatchObject({ amount: String(10n * VTY), sign: 'in', note: 'lock claimed: received' });
  });

  it("the sender's lock leaves its balance; the refund comes back for its real amount", () => {
    const lock = historyRow(
      {
        ...bobRows[3]!,
        direction: 'sent',
        effect: effect({ sent: 3n * VTY, locked: 3n * VTY, fee: VTY / 10n }),
        closedBy: undefined,
      },
      MAIN,
      NO_NAMES,
    );
    expect(lock).toMatchObject({
      amount: String(3n * VTY),
      sign: 'out',
      note: 'locked until claimed or refunded',
    });
    const refund = historyRow(
      {
        ...base,
        kind: 'htlcRefund',
        type: 10,
        recipient: '',
        fee: '0',
        direction: 'sent',
        lockOf: { sender: MAIN, recipient: BOB, amount: String(3n * VTY) },
        effect: effect({ received: 3n * VTY, unlocked: 3n * VTY }),
      },
      MAIN,
      NO_NAMES,
    );
    expect(refund).toMatchObject({ amount: String(3n * VTY), sign: 'in' });
  });

  it('a received transfer carries no fee of this wallet', () => {
    expect(historyRow(bobRows[0]!, BOB, NO_NAMES).fee).toBeUndefined();
  });
});

describe('the CSV of a history', () => {
  const csv = transactionsCsv(bobRows);
  const lines = csv.trim().split('\r\n');
  const column = (name: string) => lines[0]!.split(',').indexOf(name);

  it('writes plain numbers: no grouping, no quotes, a received row without the sender fee', () => {
    expect(lines[1]).toBe(
      'fund,,transfer,received,DFaucet,' + BOB + ',1000.00000000,0.00000000,0.00000000,,1',
    );
    expect(csv).not.toContain('"');
  });

  it("adds up to the wallet's balance", () => {
    const total = lines
      .slice(1)
      .map((line) => line.split(',')[column('amount')]!)
      .reduce((sum, value) => sum + Number(value), 0);
    expect(total).toBe(1010);
  });
});
