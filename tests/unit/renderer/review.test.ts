/** The review step's numbers and queue (src/renderer/features/review/). */
import { describe, expect, it } from 'vitest';
import type { FeesView } from '../../../src/shared/domain/chain';
import type { WalletView } from '../../../src/shared/domain/wallets';
import { draftFacts } from '../../../src/renderer/features/review/draft-facts';
import { onReview, requestReview, type OpenReview } from '../../../src/renderer/features/review/review-queue';

const fees = {
  static: {
    '1': {
      transfer: '10000000',
      vote: '100000000',
      delegateRegistration: '2500000000',
      htlcLock: '10000000',
    },
  },
  stats: { byTypeGroup: {} },
} as unknown as FeesView;

describe('draft facts', () => {
  it('a vote: no amount, the network’s vote fee, the balance after', () => {
    expect(draftFacts({ kind: 'vote', vote: 'ab'.repeat(33) }, fees, '1000000000')).toEqual({
      amount: '0',
      fee: '100000000',
      total: '100000000',
      balanceAfter: '900000000',
    });
  });
  it('a transfer pays its own fee; a multipayment sums its payments; unknown numbers stay unknown', () => {
    expect(
      draftFacts({ kind: 'transfer', recipientId: 'D', amount: '5', fee: '7' }, fees, '20'),
    ).toMatchObject({
      total: '12',
      balanceAfter: '8',
    });
    const multi = draftFacts(
      {
        kind: 'multiPayment',
        payments: [
          { recipientId: 'D', amount: '3' },
          { recipientId: 'E', amount: '4' },
        ],
      },
      undefined,
      '100',
    );
    expect(multi).toEqual({ amount: '7', fee: undefined, total: undefined, balanceAfter: undefined });
    expect(draftFacts({ kind: 'delegateRegistration', username: 'x' }, fees, '100').balanceAfter).toBe(
      '-2499999900',
    );
  });
});

describe('review queue', () => {
  const wallet = { id: 'w', name: 'Main', address: 'D' } as WalletView;
  it('resolves with the person’s answer; a new review cancels the open one', async () => {
    let open: OpenReview | undefined;
    const stop = onReview((next) => (open = next));
    const first = requestReview({ wallet, draft: { kind: 'delegateResignation' }, what: 'Resign' });
    expect(open?.request.what).toBe('Resign');
    const second = requestReview({ wallet, draft: { kind: 'delegateResignation' }, what: 'Again' });
    expect(await first).toEqual({ confirmed: false });
    open?.decide(true, 'the vault password');
    expect(await second).toEqual({ confirmed: true, password: 'the vault password' });
    expect(open).toBeUndefined();
    stop();
  });
});
