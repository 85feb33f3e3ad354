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
/** What the next tx:send answers with instead of sending: the host's refusals, in order. */
const refusals = vi.hoisted(() => [] as { code: string; message: string }[]);
/** The ids the host prepares, one per tx:preview (the first is PREPARED_ID). */
const previews = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/renderer/services/call', async () => {
  const { VotaryError } = await import('../../../src/shared/ipc/errors');
  return {
    call: vi.fn((channel: string, request: unknown) => {
      sent.push({ channel, request });
      if (channel === 'tx:preview') {
        previews.count += 1;
        const id = previews.count === 1 ? PREPARED_ID : `${previews.count}`.padStart(32, '0');
        return Promise.resolve({
          what: 'Vote for genesis_3',
          problems,
          warnings: [],
          ...(problems.length > 0 ? {} : { prepared: { id, unsignedHash: 'ab'.repeat(32), nonce: '7' } }),
        });
      }
      const refusal = refusals.shift();
      if (refusal !== undefined) return Promise.reject(new VotaryError(refusal));
      return Promise.resolve(answer);
    }),
  };
});
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
  refusals.length = 0;
  previews.count = 0;
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

  it('a refusal because what the review rested on changed opens a new review, saying why, and sends its new id', async () => {
    const NONCE_USED =
      "Since this review, this wallet's nonce 7 was used by another transaction (its next is 8): review the transaction again.";
    refusals.push({ code: 'ERR_PREPARED_NONCE_USED', message: NONCE_USED });
    const reviews: (string | undefined)[] = [];
    const stop = onReview((open) => {
      if (open === undefined) return;
      reviews.push(open.request.again);
      queueMicrotask(() => open.decide(true));
    });
    const result = await reviewAndSend(wallet, draft);
    stop();
    expect(result).toBe(answer);
    expect(reviews).toEqual([undefined, NONCE_USED]);
    const second = '2'.padStart(32, '0');
    expect(sent).toEqual([
      previewed,
      { channel: 'tx:send', request: { preparedId: PREPARED_ID } },
      previewed,
      { channel: 'tx:send', request: { preparedId: second } },
    ]);
  });

  it('a review signed already is not reviewed again (it could send twice)', async () => {
    refusals.push({ code: 'ERR_PREPARED_SIGNED', message: 'This reviewed transaction was signed already.' });
    answerNextReview(true);
    expect(await reviewAndSend(wallet, draft)).toBeUndefined();
    expect(sent.map((s) => (s as { channel: string }).channel)).toEqual(['tx:preview', 'tx:send']);
    const { useVotary } = await import('../../../src/renderer/store');
    expect(useVotary.getState().error?.code).toBe('ERR_PREPARED_SIGNED');
  });
});
