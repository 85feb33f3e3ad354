/**
 * Pool rejections, as the error types of ARK core-transaction-pool 3.x (`errors.ts`; ark-core-api.md §7): the
 * `type` and `message` POST /api/transactions reports for each refused transaction.
 */
import { CodedError } from '../../../shared/lib/coded-error';

export type PoolErrorCode =
  | 'ERR_DUPLICATE'
  | 'ERR_TOO_LARGE'
  | 'ERR_WRONG_NETWORK'
  | 'ERR_EXPIRED'
  | 'ERR_LOW_FEE'
  | 'ERR_HIGH_FEE'
  | 'ERR_EXCEEDS_MAX_COUNT'
  | 'ERR_POOL_FULL'
  | 'ERR_APPLY'
  | 'ERR_BAD_DATA'
  | 'ERR_UNSUPPORTED';

export class PoolError extends CodedError<PoolErrorCode> {
  override readonly name = 'PoolError';
}

export function isPoolError(value: unknown): value is PoolError {
  return value instanceof PoolError;
}

/** `errors[id]` of the POST /api/transactions answer. */
export interface PoolErrorJson {
  type: PoolErrorCode;
  message: string;
}
