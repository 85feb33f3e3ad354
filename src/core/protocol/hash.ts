import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { ripemd160 as nobleRipemd160 } from '@noble/hashes/legacy.js';

const utf8 = new TextEncoder();

/** H(x) of the protocol reference: SHA-256. */
export function sha256(data: Uint8Array | string): Uint8Array {
  return nobleSha256(typeof data === 'string' ? utf8.encode(data) : data);
}

/** RIPEMD-160, used on the compressed public key alone for addresses (protocol reference §2). */
export function ripemd160(data: Uint8Array): Uint8Array {
  return nobleRipemd160(data);
}

export function utf8Bytes(text: string): Uint8Array {
  return utf8.encode(text);
}
