/** The dashboard's recent activity lists the active network's rows only, even just after switching networks. */
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../src/shared/domain/chain-views';
import type { PendingView } from '../../../src/shared/domain/transactions';
import { mergeRecent, recentOnNetwork } from '../../../src/renderer/features/dashboard/RecentActivity';
import { amountFor, directionWords } from '../../../src/renderer/features/wallet/history-row';
import { pendingView } from './store-fixtures';

const row = (id: string): TransactionView => ({
  id,
  type: 0,
  typeGroup: 1,
  kind: 'transfer',
  amount: '1',
  fee: '1',
  sender: 'AOnDevnet',
  senderPublicKey: 'p',
  recipient: 'B',
  confirmations: 1,
});

const pending = (id: string, networkId: string, status: PendingView['status']): PendingView =>
  pendingView(id, {
    networkId,
    status,
    statusText: status,
    expiresAtHeight: 100,
    createdAt: 0,
    lastBroadcastAt: 0,
  });

const wallets = [
  { networkId: 'devnet', address: 'AOnDevnet' },
  { networkId: 'localnet', address: 'AOnLocalnet' },
  { networkId: 'localnet', address: 'AOnLocalnet2' },
];
const open = [
  pending('dev-open', 'devnet', 'in-pool'),
  pending('local-open', 'localnet', 'broadcast'),
  pending('local-done', 'localnet', 'confirmed'),
];

describe('recentOnNetwork', () => {
  it('reads only the active network’s wallets and lists only its open transactions', () => {
    const view = recentOnNetwork({ networkId: 'localnet', wallets, recent: undefined, pending: open });
    expect(view.addresses).toEqual(['AOnLocalnet', 'AOnLocalnet2']);
    expect(view.open.map((entry) => entry.id)).toEqual(['local-open']);
    expect(view.shown).toEqual([]);
  });

  it('drops rows read on the previous network until the new network’s read answers', () => {
    const devnetRead = { networkId: 'devnet', list: [row('dev-1'), row('dev-2')] };
    expect(
      recentOnNetwork({ networkId: 'devnet', wallets, recent: devnetRead, pending: [] }).shown,
    ).toHaveLength(2);
    const switched = recentOnNetwork({ networkId: 'localnet', wallets, recent: devnetRead, pending: open });
    expect(switched.shown).toEqual([]);
    expect(switched.open.map((entry) => entry.id)).toEqual(['local-open']);
    const localRead = { networkId: 'localnet', list: [row('local-1')] };
    expect(
      recentOnNetwork({ networkId: 'localnet', wallets, recent: localRead, pending: open }).shown.map(
        (t) => t.id,
      ),
    ).toEqual(['local-1']);
  });

  it('lists nothing on a network without wallets or without an active network', () => {
    const read = { networkId: 'mainnet', list: [row('main-1')] };
    expect(recentOnNetwork({ networkId: 'mainnet', wallets, recent: read, pending: open })).toEqual({
      addresses: [],
      shown: [],
      open: [],
    });
    expect(recentOnNetwork({ networkId: undefined, wallets, recent: read, pending: open }).open).toEqual([]);
  });
});

describe('the direction in words', () => {
  it('says a vote is the wallet’s own act, and a transfer to another own wallet is between them', () => {
    const own = new Set(['DA', 'DB']);
    expect(directionWords(read({ kind: 'vote', sender: 'DA', recipient: '' }), own)).toBe(
      'Your wallet’s own',
    );
    expect(directionWords(read({ sender: 'DA', recipient: 'DA' }), own)).toBe('Your wallet’s own');
    expect(directionWords(read({ sender: 'DA', recipient: 'DB' }), own)).toBe('Between your wallets');
    expect(directionWords(read({ sender: 'DA', recipient: 'DC' }), own)).toBe('Sent');
  });
});

/** A row as a wallet's history reads it: the host's direction and the ledger's effect are that wallet's. */
const read = (over: Partial<TransactionView>): TransactionView => ({ ...row('t'), ...over });
const effect = (received: string, sent: string, fee = '0') => ({
  received,
  sent,
  fee,
  locked: '0',
  unlocked: '0',
});

describe('the dashboard’s words for your wallets together', () => {
  const own = new Set(['DMine1', 'DMine2']);

  it('says a lock refunded to its outside sender was not received', () => {
    const lock = read({
      kind: 'htlcLock',
      type: 8,
      sender: 'DOutside',
      recipient: 'DMine1',
      amount: '300000000',
      direction: 'received',
      closedBy: 'htlcRefund',
      effect: effect('0', '0'),
    });
    expect(directionWords(lock, own)).toBe('Refunded to its sender: not received');
    expect(directionWords({ ...lock, closedBy: undefined }, own)).toBe('Locked for you: not received yet');
    expect(directionWords({ ...lock, closedBy: 'htlcClaim' }, own)).toBe('Received');
  });

  it('says a multipayment to outside wallets was sent (ARK lists its sender as its recipient)', () => {
    const payment = read({
      kind: 'multiPayment',
      type: 6,
      sender: 'DMine1',
      recipient: 'DMine1',
      amount: '0',
      direction: 'self',
      payments: [
        { recipientId: 'DA', amount: '100000000' },
        { recipientId: 'DB', amount: '100000000' },
        { recipientId: 'DC', amount: '130000001' },
      ],
    });
    expect(directionWords(payment, own)).toBe('Sent');
    const toOwn = { ...payment, payments: [{ recipientId: 'DMine2', amount: '1' }] };
    expect(directionWords(toOwn, own)).toBe('Between your wallets');
  });

  it('says a transfer between your wallets is between them, whichever wallet’s read came first', () => {
    const fromOne = read({ sender: 'DMine1', recipient: 'DMine2', amount: '300000000', direction: 'sent' });
    const toTwo = { ...fromOne, direction: 'received' as const };
    expect(directionWords(fromOne, own)).toBe('Between your wallets');
    expect(directionWords(toTwo, own)).toBe('Between your wallets');
    expect(directionWords(read({ sender: 'DMine1', recipient: 'DOut' }), own)).toBe('Sent');
    expect(directionWords(read({ sender: 'DOut', recipient: 'DMine1' }), own)).toBe('Received');
    expect(directionWords(read({ kind: 'vote', type: 3, sender: 'DMine1', recipient: '' }), own)).toBe(
      'Your wallet’s own',
    );
  });

  it('adds up what a transaction did to each of your wallets, so the amount is not one side’s', () => {
    const id = 'same';
    const sent = read({
      id,
      sender: 'DMine1',
      recipient: 'DMine2',
      amount: '300000000',
      direction: 'sent',
      effect: effect('0', '300000000', '10000000'),
    });
    const received = { ...sent, direction: 'received' as const, effect: effect('300000000', '0') };
    for (const lists of [
      [[sent], [received]],
      [[received], [sent]],
    ]) {
      const [merged] = mergeRecent(lists, 8);
      expect(merged?.effect).toEqual(effect('300000000', '300000000', '10000000'));
      expect(amountFor(merged as TransactionView)).toEqual({ amount: '300000000', sign: undefined });
    }
  });
});
