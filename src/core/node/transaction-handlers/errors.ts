/**
 * A transaction that cannot be applied to the state (ARK's handler errors: InsufficientBalanceError,
 * UnexpectedNonceError, …). The pool reports it as ERR_APPLY; the message names the rule that failed.
 */
import { CodedError } from '../../../shared/lib/coded-error';
export class ApplyError extends CodedError<'ERR_APPLY'> {
  override readonly name = 'ApplyError';

  constructor(message: string) {
    super('ERR_APPLY', message);
  }
}

export function isApplyError(value: unknown): value is ApplyError {
  return value instanceof ApplyError;
}
