/**
 * AES-256-GCM sealing of the vault key and the vault contents. node:crypto's implementation is used rather than
 * @noble/ciphers: the key store is Node-only anyway, OpenSSL's AES-GCM is hardware-accelerated and constant-time
 * (AES-NI, CLMUL), and it adds no dependency. Every box has a fresh random 96-bit IV (NIST SP 800-38D §8.2.2 —
 * a vault is rewritten far fewer than 2^32 times) and its own associated data, so a box cannot be moved from one
 * slot of the file to another.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SealedBox {
  /** 12 bytes, base64. */
  iv: string;
  /** base64. */
  ciphertext: string;
  /** 16-byte GCM tag, base64. */
  tag: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function seal(key: Uint8Array, plaintext: Uint8Array, aad: string): SealedBox {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

/** The plaintext, or undefined when the key is wrong or any byte of the box or its AAD was altered. */
export function open(key: Uint8Array, box: SealedBox, aad: string): Buffer | undefined {
  const iv = Buffer.from(box.iv, 'base64');
  const tag = Buffer.from(box.tag, 'base64');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(box.ciphertext, 'base64')), decipher.final()]);
  } catch {
    return undefined;
  }
}
