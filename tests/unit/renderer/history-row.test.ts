/** A wallet's history in a person's words: names, memo, fee, signed amounts. */
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../src/shared/domain/chain-views';
import { historyRow, NO_NAMES, type KnownNames } from '../../../src/renderer/features/wallet/history-row';

const ME = 'AMeMeMeMeMeMeMeMeMeMeMeMeMeMeMeMeMe';
const FRIEND = 'AFriendFriendFriendFriendFriendFri';
const DELEGATE = 'ADelegateDelegateDelegateDelegateD';
const KEY = '02'.padEnd(66, 'a');

/** The host's ledger effect (core/domain/ledger.ts) of a row, as chain:wallet-transactions answers it. */
const effect = (received: string, sent: string, fee: string): TransactionView['effect'] => ({
  received,
  sent,
  fee,
  locked: '0',
  unlocked: '0',
});

const tx = (over: Partial<TransactionView>): TransactionView => ({
  id: 'id',
  type: 0,
  typeGroup: 1,
  kind: 'transfer',
  amount: '150000000',
  fee: '10000000',
  sender: ME,
  senderPublicKey: KEY,
  recipient: FRIEND,
  confirmations: 3,
  direction: 'sent',
  effect:
    over.direction === 'received' ? effect('150000000', '0', '0') : effect('0', '150000000', '10000000'),
  ...over,
});

const names: KnownNames = {
  wallets: new Map([[FRIEND, 'Savings']]),
  delegatesByAddress: new Map([[DELEGATE, 'genesis_3']]),
  delegatesByKey: new Map([[KEY, 'genesis_3']]),
};

describe('historyRow', () => {
  it('a transfer sent: the recipient by the name the user gave it, the fee, the amount leaving', () => {
    const row = historyRow(tx({ memo: 'rent' }), ME, names);
    expect(row).toMatchObject({
      what: 'Transfer',
      party: `to Savings (${FRIEND})`,
      memo: 'rent',
      fee: '10000000',
      amount: '150000000',
      sign: 'out',
    });
  });

  it('a transfer received: from a known delegate, no fee of ours, the amount arriving', () => {
    const row = historyRow(tx({ sender: DELEGATE, recipient: ME, direction: 'received' }), ME, names);
    expect(row).toMatchObject({ party: `from genesis_3 (${DELEGATE})`, fee: undefined, sign: 'in' });
  });

  it('an unknown address stays an address', () => {
    expect(historyRow(tx({ recipient: 'AOther' }), ME, NO_NAMES).party).toBe('to AOther');
  });

  it('a vote names the delegate, and moves no money', () => {
    const row = historyRow(
      tx({
        kind: 'vote',
        type: 3,
        amount: '0',
        votes: [`+${KEY}`],
        recipient: ME,
        effect: effect('0', '0', '10000000'),
      }),
      ME,
      names,
    );
    expect(row).toMatchObject({ what: 'Vote for genesis_3', party: '', sign: undefined, fee: '10000000' });
    const swap = historyRow(
      tx({ kind: 'vote', type: 3, amount: '0', votes: [`-${KEY}`, `+${KEY}`] }),
      ME,
      names,
    );
    expect(swap.what).toBe('Unvote genesis_3, then Vote for genesis_3');
  });

  it('a multipayment received counts only the payments to this wallet', () => {
    const payments = [
      { recipientId: ME, amount: '100' },
      { recipientId: FRIEND, amount: '900' },
    ];
    const received = historyRow(
      tx({
        kind: 'multiPayment',
        type: 6,
        amount: '0',
        payments,
        sender: DELEGATE,
        direction: 'received',
        effect: effect('100', '0', '0'),
      }),
      ME,
      names,
    );
    expect(received).toMatchObject({ amount: '100', sign: 'in', what: 'Multipayment' });
    const sent = historyRow(
      tx({ kind: 'multiPayment', type: 6, amount: '0', payments, effect: effect('0', '1000', '10000000') }),
      ME,
      names,
    );
    expect(sent).toMatchObject({ amount: '1000', sign: 'out', party: 'to 2 recipients' });
  });

  it('a delegate registration says the name', () => {
    const row = historyRow(
      tx({ kind: 'delegateRegistration', type: 2, amount: '0', delegateUsername: 'me_1', recipient: '' }),
      ME,
      names,
    );
    expect(row.what).toBe('Delegate registration “me_1”');
  });
});
