/**
 * A prepared transaction the host refused to sign because what its review rested on changed, or the review is no
 * longer open (core/services/transactions/prepared-errors.ts, docs/design/signing.md): the host's sentence says
 * what, and the person is taken back to a new review of the same input. A review signed already is not one of
 * them: reviewing it again could send it twice.
 */
import type { HostErrorCode } from '../../../shared/ipc/error-codes';
import { VotaryError } from '../../../shared/ipc/errors';

export const REVIEW_AGAIN: ReadonlySet<HostErrorCode> = new Set<HostErrorCode>([
  'ERR_PREPARED_UNKNOWN',
  'ERR_PREPARED_SESSION',
  'ERR_PREPARED_EXPIRED',
  'ERR_PREPARED_NONCE_USED',
  'ERR_PREPARED_BALANCE',
  'ERR_PREPARED_MILESTONE',
  'ERR_PREPARED_PROPOSAL_CHANGED',
]);

export function isPreparedRefusalCode(code: string | undefined): boolean {
  return code !== undefined && REVIEW_AGAIN.has(code as HostErrorCode);
}

export function isPreparedRefusal(error: unknown): error is VotaryError {
  return error instanceof VotaryError && isPreparedRefusalCode(error.code);
}
