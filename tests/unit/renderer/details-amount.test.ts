/** A transaction's details write its amounts as the history list does: "−1.5 VTY", never "−1.50000000 VTY". */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../src/shared/domain/chain-views';
import { Amount } from '../../../src/renderer/components/Amount';
import { TransactionDetails } from '../../../src/renderer/features/wallet/TransactionDetails';
import { NO_NAMES } from '../../../src/renderer/features/wallet/history-row';
import { signedAmountInWords } from '../../../src/renderer/lib/amount';

const ME = 'AMeMeMeMeMeMeMeMeMeMeMeMeMeMeMeMeMe';
const FRIEND = 'AFriendFriendFriendFriendFriendFri';

const sent: TransactionView = {
  id: 'id',
  type: 0,
  typeGroup: 1,
  kind: 'transfer',
  amount: '150000000',
  fee: '10000000',
  sender: ME,
  senderPublicKey: '02'.padEnd(66, 'a'),
  recipient: FRIEND,
  confirmations: 3,
  direction: 'sent',
  effect: { received: '0', sent: '150000000', fee: '10000000', locked: '0', unlocked: '0' },
};

/** The text of the element carrying `data-testid`, tags stripped. */
function textOf(html: string, testId: string): string | undefined {
  const match = new RegExp(`data-testid="${testId}"[^>]*>(.*?)</dd>`).exec(html);
  return match?.[1]?.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');
}

describe('one way of writing an amount', () => {
  it('signs money leaving and arriving, without pointless zeros, and never signs zero', () => {
    expect(signedAmountInWords('150000000', 'VTY', 'out')).toBe('−1.5 VTY');
    expect(signedAmountInWords('1200000000', 'VTY', 'in')).toBe('+12 VTY');
    expect(signedAmountInWords('0', 'VTY', 'out')).toBe('0 VTY');
    expect(signedAmountInWords('1', 'VTY')).toBe('0.00000001 VTY');
  });

  it('the details view writes the amount and fee as the list writes them', () => {
    const html = renderToStaticMarkup(
      createElement(TransactionDetails, { tx: sent, address: ME, names: NO_NAMES, onClose: () => undefined }),
    );
    const list = renderToStaticMarkup(createElement(Amount, { value: '150000000', signed: 'out' }));
    const symbol = /title="−1\.50000000 ?([^"]*)"/.exec(list)?.[1] ?? '';
    expect(list).toContain(`>${signedAmountInWords('150000000', symbol, 'out')}</span>`);
    expect(textOf(html, 'details-amount')).toBe(`−1.5 ${symbol}`.trim());
    expect(textOf(html, 'details-fee')).toBe(`0.1 ${symbol}`.trim());
  });
});
