/**
 * The review of a second passphrase and of a resignation says each warning once: the host's warning for the kind
 * (shared/lib/kind-warnings.ts, given by draft-words.ts) and the Delegate page's note (review-notes.ts) do not
 * repeat each other.
 */
import { describe, expect, it } from 'vitest';
import { REVIEW_NOTES } from '../../../src/renderer/features/delegate/review-notes';
import { RESIGNATION_WARNING, SECOND_SIGNATURE_WARNING } from '../../../src/shared/lib/kind-warnings';

/** Every warning the review shows: the host's for the kind, then the page's note. */
function reviewWarnings(host: string, kind: 'secondSignature' | 'delegateResignation'): string[] {
  const note = REVIEW_NOTES[kind];
  return [host, ...(note === undefined ? [] : [note])];
}

const saying = (warnings: string[], claim: RegExp) => warnings.filter((w) => claim.test(w));

describe('the review’s warnings', () => {
  it('say once that a second passphrase is needed for every transaction from then on', () => {
    const warnings = reviewWarnings(SECOND_SIGNATURE_WARNING, 'secondSignature');
    expect(saying(warnings, /every transaction of this wallet needs the second passphrase/i)).toHaveLength(1);
    expect(saying(warnings, /write it down/i)).toHaveLength(1);
  });

  it('say once that a resignation cannot be undone, and what it means for its voters', () => {
    const warnings = reviewWarnings(RESIGNATION_WARNING, 'delegateResignation');
    expect(saying(warnings, /cannot be undone/i)).toHaveLength(1);
    expect(saying(warnings, /never forges again/i)).toHaveLength(1);
    expect(saying(warnings, /voters/i)).toHaveLength(1);
  });
});
