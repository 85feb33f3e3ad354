import { isProtocolError } from '../protocol/errors';
import type { ChainContext } from '../protocol/networks';
import { deserializeTransaction, verifyTransaction } from '../protocol/transactions';

export interface VerifyOutcome {
  verified: boolean;
  /** Present once the bytes deserialized. */
  id?: string;
  reason?: string;
}

/** Deserialize + verify one serialized transaction; malformed bytes are an outcome, not an exception. */
export function verifySerialized(bytes: Uint8Array, ctx: ChainContext): VerifyOutcome {
  try {
    const tx = deserializeTransaction(bytes, ctx);
    const result = verifyTransaction(tx, ctx);
    return result.verified
      ? { verified: true, id: tx.id }
      : { verified: false, id: tx.id, reason: result.reason ?? 'signature does not verify' };
  } catch (error) {
    if (isProtocolError(error)) return { verified: false, reason: `${error.code}: ${error.message}` };
    throw error;
  }
}
