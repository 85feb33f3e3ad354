/**
 * Private and public keys (protocol reference §2): the private key is SHA256(UTF-8 passphrase) used directly as
 * the scalar, the public key is the compressed SEC1 point. Deriving a public key multiplies a secret scalar, so it
 * goes through noble's hardened base-point multiply.
 */
import { ProtocolError } from '../errors';
import { fromHex, isHex } from '../hex';
import { sha256 } from '../hash';
import { bytesToBigInt, decodePoint, encodePoint, N } from './curve';
import { libsecpIsPoint } from './libsecp256k1';
import { secp } from './noble-setup';

export interface KeyPair {
  privateKey: Uint8Array;
  /** 33-byte compressed public key. */
  publicKey: Uint8Array;
}

/** The private key as a scalar in [1, n−1], or a ProtocolError (ERR_KEY) naming what is wrong. */
export function privateKeyScalar(privateKey: Uint8Array): bigint {
  if (!(privateKey instanceof Uint8Array) || privateKey.length !== 32) {
    throw new ProtocolError('ERR_KEY', 'private key must be 32 bytes');
  }
  const d = bytesToBigInt(privateKey);
  if (d === 0n || d >= N)
    throw new ProtocolError('ERR_KEY', 'private key is not a valid secp256k1 scalar (0 or >= n)');
  return d;
}

export function privateKeyFromPassphrase(passphrase: string): Uint8Array {
  if (typeof passphrase !== 'string') throw new ProtocolError('ERR_KEY', 'passphrase must be a string');
  const privateKey = sha256(passphrase);
  privateKeyScalar(privateKey);
  return privateKey;
}

export function publicKeyFromPrivateKey(privateKey: Uint8Array): Uint8Array {
  privateKeyScalar(privateKey);
  return secp.getPublicKey(privateKey, true);
}

export function keyPairFromPrivateKey(privateKey: Uint8Array): KeyPair {
  return { privateKey: Uint8Array.from(privateKey), publicKey: publicKeyFromPrivateKey(privateKey) };
}

export function keyPairFromPassphrase(passphrase: string): KeyPair {
  return keyPairFromPrivateKey(privateKeyFromPassphrase(passphrase));
}

/** The 65-byte 04 ‖ X ‖ Y form of a valid 33- or 65-byte public key. */
export function uncompressedPublicKey(publicKey: Uint8Array): Uint8Array {
  const point = publicKey instanceof Uint8Array ? decodePoint(publicKey) : undefined;
  if (point === undefined) throw new ProtocolError('ERR_KEY', 'public key is not a valid secp256k1 point');
  return encodePoint(point, false);
}

/** True for a 33- or 65-byte encoding (or its hex) of a point on the curve (`PublicKey.validate`). */
export function isValidPublicKey(publicKey: Uint8Array | string): boolean {
  // libsecp256k1's parse (libsecp256k1.ts, remembered per key): a noble decode costs a bigint square root, and every
  // admitted transaction asks for its sender's key (describe, address).
  if (typeof publicKey === 'string') {
    if (!isHex(publicKey, 33) && !isHex(publicKey, 65)) return false;
    return libsecpIsPoint(fromHex(publicKey));
  }
  return publicKey instanceof Uint8Array && libsecpIsPoint(publicKey);
}

/** A 66-hex-character compressed public key that is a valid point; otherwise ERR_KEY naming `what`. */
export function parsePublicKey(hex: string, what = 'public key'): Uint8Array {
  if (!isHex(hex, 33)) throw new ProtocolError('ERR_KEY', `${what} must be 66 hexadecimal characters`);
  const bytes = fromHex(hex, what, 'ERR_KEY');
  if (bytes[0] !== 0x02 && bytes[0] !== 0x03) {
    throw new ProtocolError('ERR_KEY', `${what} must be a compressed key starting with 02 or 03`);
  }
  if (!libsecpIsPoint(bytes)) throw new ProtocolError('ERR_KEY', `${what} is not a valid secp256k1 point`);
  return bytes;
}
