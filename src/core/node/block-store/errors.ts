/** Why a block was refused. The block changed nothing: applyBlock validates before it writes. */
import { CodedError } from '../../../shared/lib/coded-error';
export type BlockRejectionCode =
  | 'ERR_BLOCK_CHAIN'
  | 'ERR_BLOCK_SIGNATURE'
  | 'ERR_BLOCK_SLOT'
  | 'ERR_BLOCK_PAYLOAD'
  | 'ERR_BLOCK_REWARD'
  | 'ERR_BLOCK_TIMESTAMP'
  | 'ERR_BLOCK_VERSION'
  | 'ERR_BLOCK_TX'
  | 'ERR_BLOCK_INVALID';

export class BlockRejectedError extends CodedError<BlockRejectionCode> {
  override readonly name = 'BlockRejectedError';

  constructor(
    code: BlockRejectionCode,
    message: string,
    /** Every rule the block failed, in the order checked. */
    readonly reasons: readonly string[] = [message],
  ) {
    super(code, message);
  }
}

export function isBlockRejectedError(value: unknown): value is BlockRejectedError {
  return value instanceof BlockRejectedError;
}
