/**
 * The warnings the review gives for a kind of transaction whatever screen started it (the host's words,
 * core/services/transactions/draft-words.ts). Shared so that a screen's own note beside them
 * (renderer/features/delegate/review-notes.ts) can be kept from saying the same thing again.
 */
export const SECOND_SIGNATURE_WARNING =
  'Once it is in a block, every transaction of this wallet needs the second passphrase too.';

export const RESIGNATION_WARNING =
  'A resignation cannot be undone: the delegate never forges again, votes for it are refused, and its voters should vote for another delegate.';
