/**
 * Check, review, then send (src/renderer/features/review/review-and-send.ts), used by the vote, lock and delegate
 * screens: the host's preview comes first and a problem in it goes to the form's fields without opening the
 * review; a cancelled review sends nothing, and the vault password typed at the review (when signing asks for it
 * again) goes with the id of the transaction the host prepared for the review (never the draft again), which joins
 * the pending list. The host is replaced: whatever would reach it is
 * recorded.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftInput } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';

const sent = vi.hoisted(() => [] as unknown[]);
const PREPARED_ID = vi.hoisted(() => '0123456789abcdef0123456789abcdef');
const answer = { id: 'tx', accepted: true, pending: { id: 'tx', createdAt: 1, statusText: 'Broadcast' } };
const problems = vi.hoisted(() => [] as { field: string; message: string }[]);
vi.mock('../../../src/renderer/services/call', () => ({
  call: vi.fn((channel: string, request: unknown) => {
    sent.push({ channel, request });
    if (channel === 'tx:preview')
      return Promise.resolve({
        what: 'Vote for genesis_3',
        problems,
        warnings: [],
        ...(problems.length > 0
          ? {}
          : { prepared: { id: PREPARED_ID, unsignedHash: 'ab'.repeat(32), nonce: '7' } }),
      });
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
  problems.length = 0;
});
const previewed = { channel: 'tx:preview', request: { walletId: 'w1', draft } };

describe('reviewAndSend', () => {
  it('sends nothing when the person cancels the review', async () => {
    answerNextReview(false);
    expect(await reviewAndSend(wallet, draft)).toBeUndefined();
    expect(sent).toEqual([previewed]);
  });

  it('a problem the host finds goes to the fields before any review, and nothing is sent', async () => {
    problems.push({ field: 'vote', message: 'This public key is not a delegate.' });
    const seen: unknown[] = [];
    let reviewed = false;
    const stop = onReview((open) => (reviewed ||= open !== undefined));
    expect(await reviewAndSend(wallet, draft, { onProblems: (p) => seen.push(...p) })).toBeUndefined();
    stop();
    expect(seen).toEqual([{ field: 'vote', message: 'This public key is not a delegate.' }]);
    expect(reviewed).toBe(false);
    expect(sent).toEqual([previewed]);
  });

  it('sends the prepared transaction once confirmed, with the password typed at the review', async () => {
    answerNextReview(true, 'tangerine orbit kettle 42');
    expect(await reviewAndSend(wallet, draft)).toBe(answer);
    expect(sent).toEqual([
      previewed,
      { channel: 'tx:send', request: { preparedId: PREPARED_ID, password: 'tangerine orbit kettle 42' } },
    ]);
    const { useVotary } = await import('../../../src/renderer/store');
    expect(useVotary.getState().pending.map((entry) => entry.id)).toEqual(['tx']);
    expect(useVotary.getState().error).toBeUndefined();
  });
});
