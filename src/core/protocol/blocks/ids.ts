import { ProtocolError } from '../errors';
import { isHex, toHex } from '../hex';

const U64_MAX = 0xffffffffffffffffn;
const DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/** A legacy block id: the decimal form of a u64 (protocol reference §6.1). */
export function isLegacyBlockId(id: unknown): id is string {
  return typeof id === 'string' && DECIMAL.test(id) && id.length <= 20 && BigInt(id) <= U64_MAX;
}

/** A full-SHA256 block id: 64 lower- or upper-case hex chars. */
export function isFullBlockId(id: unknown): id is string {
  return isHex(id, 32);
}

/** The u64 value of a legacy decimal id ('' and undefined mean 0, as for the genesis block). */
export function legacyIdValue(id: string | undefined, what = 'previousBlock'): bigint {
  if (id === undefined || id === '') return 0n;
  if (!isLegacyBlockId(id)) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `${what} must be a legacy decimal block id (u64), got "${String(id)}"`,
    );
  }
  return BigInt(id);
}

/** `Block.toBytesHex`: a legacy decimal id as 16 hex chars (the big-endian u64). */
export function legacyIdToHex(id: string | undefined): string {
  return legacyIdValue(id, 'block id').toString(16).padStart(16, '0');
}

/** The decimal id of a 16-hex-char legacy id. */
export function legacyIdFromHex(idHex: string): string {
  if (!isHex(idHex, 8)) throw new ProtocolError('ERR_BLOCK', `legacy block id hex must be 16 hex chars`);
  return BigInt(`0x${idHex}`).toString();
}

/**
 * Block id from SHA256(header with signature): the hash itself once idFullSha256 applies, else the first 8 hash
 * bytes reversed (idHex) read as a decimal number (§6.1).
 */
export function blockIdFromHash(hash: Uint8Array, fullSha256: boolean): { id: string; idHex: string } {
  if (fullSha256) {
    const hex = toHex(hash);
    return { id: hex, idHex: hex };
  }
  const reversed = hash.slice(0, 8).reverse();
  const idHex = toHex(reversed);
  return { id: legacyIdFromHex(idHex), idHex };
}

/**
 * The `idHex` of a block id as ARK Core 3 shows it beside the id (a delegate's `lastBlock`, the genesis block):
 * the id itself when it is a full SHA-256 (64 hex), else the 8-byte legacy number as 16 hex digits.
 */
export function blockIdHex(id: string): string {
  if (isHex(id, 32)) return id;
  return BigInt(id).toString(16).padStart(16, '0');
}
