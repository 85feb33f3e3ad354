/**
 * Every review (ReviewDialog for votes, locks, claims, refunds, registrations and resignations; the Send page's
 * review; a multisignature proposal's review) shows the facts through PreviewFacts
 * (src/renderer/features/review/PreviewFacts.tsx): with them the hash of the prepared transaction's unsigned
 * bytes as the host gave it (never recomputed from the form), short on screen, the whole in its title and said to a
 * screen reader, with a copy button named for what it copies.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TxPreview } from '../../../src/shared/domain/transactions';
import { PreviewFacts } from '../../../src/renderer/features/review/PreviewFacts';

const HASH = '3f1c9a0be2d47765aa01c0ffee5eed1234567890abcdef0123456789abcdef42';

const preview = (prepared?: TxPreview['prepared']): TxPreview => ({
  walletId: 'w',
  walletName: 'Main',
  address: 'AMain',
  kind: 'transfer',
  what: 'Send 1 VTY to AFriend',
  received: '0',
  sent: '100000000',
  fee: '10000000',
  totalOut: '110000000',
  locked: '0',
  unlocked: '0',
  balanceBefore: '500000000',
  pendingOut: '0',
  spendable: '500000000',
  balanceAfter: '390000000',
  lockedBefore: '0',
  lockedAfter: '0',
  warnings: [],
  problems: [],
  ...(prepared === undefined ? {} : { prepared }),
});

describe('the review names the prepared transaction', () => {
  it("shows the host's hash of the unsigned bytes in short, whole to a screen reader, with a copy button", () => {
    const html = renderToStaticMarkup(
      createElement(PreviewFacts, {
        preview: preview({ id: 'a'.repeat(32), unsignedHash: HASH, nonce: '3' }),
      }),
    );
    const cell = /data-testid="review-unsigned-hash">(.*?)<\/dd>/.exec(html)?.[1] ?? '';
    expect(cell).toContain(
      `<span class="mono small" title="${HASH}" aria-hidden="true">3f1c9a0b…ef42</span>`,
    );
    expect(cell).toContain(`<span class="visually-hidden">Unsigned transaction hash ${HASH}</span>`);
    expect(cell).toContain('aria-label="Copy the unsigned transaction hash"');
    expect(html).toContain('<dt>Unsigned hash</dt>');
  });

  it('says no hash when the host prepared nothing (a watch-only wallet, a review with problems)', () => {
    const html = renderToStaticMarkup(createElement(PreviewFacts, { preview: preview() }));
    expect(html).not.toContain('review-unsigned-hash');
  });
});
