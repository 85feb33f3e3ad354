/** The review step's queue (src/renderer/features/review/review-queue.ts). */
import { describe, expect, it } from 'vitest';
import type { TxPreview } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';
import { onReview, requestReview, type OpenReview } from '../../../src/renderer/features/review/review-queue';

const preview = (what: string) => ({ what, problems: [], warnings: [] }) as unknown as TxPreview;

describe('review queue', () => {
  const wallet = { id: 'w', name: 'Main', address: 'D' } as WalletView;
  it('resolves with the person’s answer; a new review cancels the open one', async () => {
    let open: OpenReview | undefined;
    const stop = onReview((next) => (open = next));
    const first = requestReview({
      wallet,
      draft: { kind: 'delegateResignation' },
      preview: preview('Resign'),
    });
    expect(open?.request.preview.what).toBe('Resign');
    const second = requestReview({
      wallet,
      draft: { kind: 'delegateResignation' },
      preview: preview('Again'),
    });
    expect(await first).toEqual({ confirmed: false });
    open?.decide(true, 'the vault password');
    expect(await second).toEqual({ confirmed: true, password: 'the vault password' });
    expect(open).toBeUndefined();
    stop();
  });
});
