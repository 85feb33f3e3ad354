/**
 * The review of a second passphrase and of a resignation says each warning once: the host's warnings for the kind
 * (draft-words.ts) and the Delegate page's note (review-notes.ts) do not repeat each other.
 */
import { describe, expect, it } from 'vitest';
import type { ChainReader } from '../../../src/core/client';
import { wordsOf } from '../../../src/core/services/transactions/draft-words';
import { REVIEW_NOTES } from '../../../src/renderer/features/delegate/review-notes';
import type { DraftInput } from '../../../src/shared/domain/transactions';

/** Every warning the review shows for the draft: the host's, then the page's note. */
async function reviewWarnings(draft: DraftInput): Promise<string[]> {
  const words = await wordsOf(
    draft,
    {
      reads: {} as ChainReader,
      token: 'VTY',
      lock: undefined,
      expired: false,
      self: 'DSelf',
      pubKeyHash: 30,
    },
    { username: 'genesis_1' },
  );
  const note = REVIEW_NOTES[draft.kind];
  return [...words.warnings, ...(note === undefined ? [] : [note])];
}

const saying = (warnings: string[], claim: RegExp) => warnings.filter((w) => claim.test(w));

describe('the review’s warnings', () => {
  it('say once that a second passphrase is needed for every transaction from then on', async () => {
    const warnings = await reviewWarnings({ kind: 'secondSignature', secondPassphrase: 'a b c' });
    expect(saying(warnings, /every transaction of this wallet needs the second passphrase/i)).toHaveLength(1);
    expect(saying(warnings, /write it down/i)).toHaveLength(1);
  });

  it('say once that a resignation cannot be undone, and what it means for its voters', async () => {
    const warnings = await reviewWarnings({ kind: 'delegateResignation' });
    expect(saying(warnings, /cannot be undone/i)).toHaveLength(1);
    expect(saying(warnings, /never forges again/i)).toHaveLength(1);
    expect(saying(warnings, /voters/i)).toHaveLength(1);
  });
});
