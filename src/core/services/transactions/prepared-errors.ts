/**
 * Why a prepared transaction (prepare.ts) is not signed: it is unknown, signed already, bound to a session that
 * ended, or what it rests on changed between the review and the signature. Answered over IPC with its code; the
 * person reviews again (docs/design/signing.md).
 */
import { CodedError } from '../../../shared/lib/coded-error';

export type PreparedErrorCode =
  /** No open review has this id (never prepared here, or let go by the store's bounds). */
  | 'ERR_PREPARED_UNKNOWN'
  /** It was signed already: a prepared id signs once. */
  | 'ERR_PREPARED_SIGNED'
  /** The vault was locked and opened again, or another profile opened, since it was prepared. */
  | 'ERR_PREPARED_SESSION'
  /** The review is older than the store keeps a review signable. */
  | 'ERR_PREPARED_EXPIRED'
  /** Its nonce was used by another transaction, or the one before it was dropped. */
  | 'ERR_PREPARED_NONCE_USED'
  /** The wallet's balance, less what it has pending, no longer covers amount and fee. */
  | 'ERR_PREPARED_BALANCE'
  /** The chain reached a milestone whose fees or rules differ from those it was prepared under. */
  | 'ERR_PREPARED_MILESTONE'
  /** A multisignature proposal read again to co-sign it is another transaction than the one reviewed. */
  | 'ERR_PREPARED_PROPOSAL_CHANGED';

export class PreparedError extends CodedError<PreparedErrorCode> {
  override readonly name = 'PreparedError';
}
