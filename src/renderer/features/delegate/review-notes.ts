/**
 * What the Delegate page adds to the review of its transactions, beyond the host's own warnings for the kind
 * (core/services/transactions/draft-words.ts): only what those do not say already, so the review says each thing
 * once.
 */
import type { DraftInput } from '../../../shared/domain/transactions';

export const REVIEW_NOTES: Partial<Record<DraftInput['kind'], string>> = {
  delegateRegistration: 'A delegate name is permanent: it cannot be changed later.',
  // The host says that every transaction needs it from then on, and that a resignation cannot be undone.
  secondSignature: 'Votary keeps the second passphrase in the vault; write it down as well.',
};
