/**
 * A transaction that cannot be applied to the state (ARK's handler errors: InsufficientBalanceError,
 * UnexpectedNonceError, …). The pool reports it as ERR_APPLY; the message names the rule that failed.
 */
export class ApplyError extends Error {
  override readonly name = 'ApplyError';
  readonly code = 'ERR_APPLY' as const;

  constructor(message: string) {
    super(message);
  }
}

export function isApplyError(value: unknown): value is ApplyError {
  return value instanceof ApplyError;
}
