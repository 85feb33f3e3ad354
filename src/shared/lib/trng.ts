/**
 * The random values of the secondary interface's /trng and /trng-1 (public-api.md §2.3, §4.11), derived from a
 * block id alone so that anyone can recompute them:
 *
 *   digest = SHA-256(the block id as text, UTF-8 — i.e. its 64 lower-case hex characters)
 *   values = the 8 unsigned 32-bit big-endian integers digest[0..4), digest[4..8), …, digest[28..32)
 *
 * Shell check: `printf %s "$blockId" | sha256sum`, then read the hex 8 characters at a time as numbers.
 * /trng uses the last block; /trng-1 the block before it (whose successor is already built on it).
 */
import { sha256 } from '@noble/hashes/sha2.js';

export const TRNG_VALUE_COUNT = 8;

export function trngValues(blockId: string): number[] {
  const digest = sha256(new TextEncoder().encode(blockId));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  return Array.from({ length: TRNG_VALUE_COUNT }, (_, i) => view.getUint32(i * 4, false));
}
