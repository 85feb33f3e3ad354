/**
 * Review, then send (src/renderer/features/review/review-and-send.ts), used by the vote, lock and delegate screens:
 * a cancelled review sends nothing, and the vault password typed at the review (when signing asks for it again)
 * goes with the transaction, which joins the pending list. The host is replaced: whatever would reach it is recorded.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftInput } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';

const sent = vi.hoisted(() => [] as unknown[]);
const answer = { id: 'tx', accepted: true, pending: { id: 'tx', createdAt: 1, statusText: 'Broadcast' } };
vi.mock('../../../src/renderer/services/call', () => ({
  call: vi.fn((channel: string, request: unknown) => {
    sent.push({ channel, request });
    return Promise.resolve(answer);
  }),
}));
const { reviewAndSend } = await import('../../../src/renderer/features/review/review-and-send');
const { onReview } = await import('../../../src/renderer/features/review/review-queue');

const wallet = { id: 'w1', name: 'Main', kind: 'mnemonic', address: 'A' } as WalletView;
const draft: DraftInput = { kind: 'vote', vote: '02'.padEnd(66, 'a') } as unknown as DraftInput;

/** Answers the next review as a person would. */
function answerNextReview(confirmed: boolean, password?: string): void {
  const stop = onReview((open) => {
    if (open === undefined) return;
    queueMicrotask(() => {
      stop();
      open.decide(confirmed, password);
    });
  });
}

beforeEach(() => {
  sent.length = 0;
});

describe('reviewAndSend', () => {
  it('sends nothing when the person cancels the review', async () => {
    answerNextReview(false);
    expect(await reviewAndSend(wallet, draft, 'Vote for genesis_3')).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('sends the draft once confirmed, with the password typed at the review', async () => {
    answerNextReview(true, 'tangerine orbit kettle 42');
    expect(await reviewAndSend(wallet, draft, 'Vote for genesis_3')).toBe(answer);
    expect(sent).toEqual([
      { channel: 'tx:send', request: { walletId: 'w1', draft, password: 'tangerine orbit kettle 42' } },
    ]);
    const { useVotary } = await import('../../../src/renderer/store');
    expect(useVotary.getState().pending.map((entry) => entry.id)).toEqual(['tx']);
    expect(useVotary.getState().error).toBeUndefined();
  });
});
