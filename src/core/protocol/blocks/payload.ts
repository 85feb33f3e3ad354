import { ProtocolError } from '../errors';
import { sha256 } from '../hash';
import { fromHex, isHex, toHex } from '../hex';

/**
 * payloadHash = SHA256(id1 ‖ id2 ‖ … ‖ idN) over the 32-byte transaction ids in block order; SHA256 of empty
 * input (e3b0c442…b855) for an empty block (protocol reference §6.1).
 */
export function payloadHash(transactionIds: readonly string[]): string {
  const joined = new Uint8Array(transactionIds.length * 32);
  transactionIds.forEach((id, index) => {
    if (!isHex(id, 32)) {
      throw new ProtocolError(
        'ERR_BLOCK',
        `transaction id ${index} must be 64 hex characters, got "${String(id)}"`,
      );
    }
    joined.set(fromHex(id), index * 32);
  });
  return toHex(sha256(joined));
}
