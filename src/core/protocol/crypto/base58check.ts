/**
 * Base58Check with the Bitcoin alphabet and a 4-byte double-SHA256 checksum (protocol reference §2), shared by
 * addresses and WIF. Decoding failures come back as undefined so each caller raises its own error code.
 */
import { createBase58check } from '@scure/base';
import { sha256 } from '../hash';

const codec = createBase58check(sha256);

export function base58checkEncode(payload: Uint8Array): string {
  return codec.encode(payload);
}

/** The payload, or undefined for a bad alphabet, a bad checksum or a non-string. */
export function base58checkDecode(text: string): Uint8Array | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    return codec.decode(text);
  } catch {
    return undefined;
  }
}
