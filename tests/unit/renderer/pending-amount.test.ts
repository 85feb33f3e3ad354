/** Pending and the dashboard say what an HTLC claim or refund moves, in words, instead of its own amount of 0. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PendingAmount } from '../../../src/renderer/features/pending/PendingAmount';
import { lockMoved } from '../../../src/renderer/features/pending/pending-rows';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');

describe('a pending claim or refund', () => {
  it('claims or refunds the lock’s amount', () => {
    expect(lockMoved({ kind: 'htlcClaim', lockAmount: '500000000' })).toEqual({
      verb: 'claims',
      amount: '500000000',
    });
    expect(lockMoved({ kind: 'htlcRefund', lockAmount: '300000000' })).toEqual({
      verb: 'refunds',
      amount: '300000000',
    });
    expect(lockMoved({ kind: 'transfer', lockAmount: undefined })).toBeUndefined();
  });

  it('shows “claims 5” and “refunds 3”, never 0, and the lock without a number for an entry that predates it', () => {
    const claim = text(
      renderToStaticMarkup(
        createElement(PendingAmount, { entry: { kind: 'htlcClaim', amount: '0', lockAmount: '500000000' } }),
      ),
    );
    expect(claim).toMatch(/^claims 5\b/);
    const refund = text(
      renderToStaticMarkup(
        createElement(PendingAmount, { entry: { kind: 'htlcRefund', amount: '0', lockAmount: '300000000' } }),
      ),
    );
    expect(refund).toMatch(/^refunds 3\b/);
    const old = text(
      renderToStaticMarkup(createElement(PendingAmount, { entry: { kind: 'htlcClaim', amount: '0' } })),
    );
    expect(old).toBe('claims the lock');
    const transfer = text(
      renderToStaticMarkup(
        createElement(PendingAmount, { entry: { kind: 'transfer', amount: '150000000' } }),
      ),
    );
    expect(transfer).toMatch(/^1\.5\b/);
  });
});
