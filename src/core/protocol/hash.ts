import * as nodeCrypto from 'node:crypto';
import { createHash } from 'node:crypto';
import { ripemd160 as nobleRipemd160 } from '@noble/hashes/legacy.js';

const utf8 = new TextEncoder();

/**
 * H(x) of the protocol reference: SHA-256, by Node's OpenSSL (a third faster than @noble/hashes on a transaction's
 * 150 bytes; each posted transfer is hashed for its id and its signature). The digest's bytes are its own buffer.
 */
export function sha256(data: Uint8Array | string): Uint8Array {
  const bytes = typeof data === 'string' ? utf8.encode(data) : data;
  const digest =
    oneShot === undefined ? createHash('sha256').update(bytes).digest() : oneShot('sha256', bytes, 'buffer');
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
}

/**
 * Node's one-shot `crypto.hash` (Node 20.12 and later): no Hash object a call, a third faster for a transaction's
 * 150 bytes than `createHash` (Base58Check hashes every address it checks twice). Absent in older runtimes.
 */
const oneShot = (nodeCrypto as { hash?: (algorithm: string, data: Uint8Array, output: 'buffer') => Buffer })
  .hash;

/** Whether this runtime's crypto library has RIPEMD-160 (Node's OpenSSL has; Electron's BoringSSL may not). */
const nativeRipemd160 = (() => {
  try {
    createHash('ripemd160');
    return true;
  } catch {
    return false;
  }
})();

/**
 * RIPEMD-160, used on the compressed public key alone for addresses (protocol reference §2): by Node's OpenSSL
 * where it has it (1.5 against 4 µs for a key with @noble/hashes; every new sender's address is derived on the
 * ingest path), else by @noble/hashes.
 */
export function ripemd160(data: Uint8Array): Uint8Array {
  if (!nativeRipemd160) return nobleRipemd160(data);
  const digest = createHash('ripemd160').update(data).digest();
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
}

export function utf8Bytes(text: string): Uint8Array {
  return utf8.encode(text);
}
