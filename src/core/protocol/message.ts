/**
 * Signed messages in the two forms ARK wallets exchange, both over SHA-256 of the UTF-8 message with no prefix
 * (protocol reference §8):
 *
 * - `core3`: `{publicKey, signature, message}` with a strict-DER, low-S ECDSA signature — what
 *   `@arkecosystem/crypto` 3.x `Crypto.Message.sign` writes (ARK Core 3, Desktop Wallet v2).
 * - `arkvault`: `{message, signatory, signature}` with a 64-byte legacy Schnorr signature (the one ARK v2
 *   transactions use, not BIP340) — what ArkVault's ARK coin writes: platform-sdk-ark's `MessageService.sign` is
 *   `Crypto.Hash.signSchnorr(Crypto.HashAlgorithms.sha256(message), keys)`, `signatory` the compressed public key.
 *
 * Reading accepts either: the field names say which form the document claims, the signature's form (DER or 64
 * bytes) says which scheme to check. A malformed document is a ProtocolError naming the field; a well-formed one
 * that does not verify is a verdict with the reason, never an exception.
 */
import {
  addressFromPublicKey,
  compactFromStrictDer,
  ecdsaSign,
  ecdsaVerify,
  isValidPublicKey,
} from './crypto';
import { keyPairFromPassphrase, publicKeyFromPrivateKey } from './crypto/keys';
import { schnorrSign, schnorrVerify } from './crypto/schnorr';
import { ProtocolError } from './errors';
import { sha256 } from './hash';
import { fromHex, isHex, toHex } from './hex';

export type MessageFormat = 'core3' | 'arkvault';
export const MESSAGE_FORMATS: readonly MessageFormat[] = ['core3', 'arkvault'];
export type MessageScheme = 'ecdsa' | 'schnorr';

export interface Core3Message {
  publicKey: string;
  signature: string;
  message: string;
}

export interface ArkVaultMessage {
  message: string;
  signatory: string;
  signature: string;
}

export type SignedMessageDocument = Core3Message | ArkVaultMessage;

/** A signed message read from either form: what was signed, by which key, and the signature's bytes. */
export interface ParsedMessage {
  format: MessageFormat;
  message: string;
  publicKey: string;
  signature: string;
}

export interface MessageVerdict extends ParsedMessage {
  verified: boolean;
  /** The scheme the signature verified under (or, when it did not, the one its form called for). */
  scheme: MessageScheme;
  /** The signer's address on the network asked for, when one was. */
  address?: string;
  /** Why it did not verify, in plain words. */
  reason?: string;
}

/** The 32 bytes both forms sign: SHA-256 of the UTF-8 message (`Message.createHash`). */
export function messageHash(message: string): Uint8Array {
  return sha256(message);
}

/** Signs with a private key (the key store's path). The fields are in the order each wallet writes them. */
export function signMessageWithPrivateKey(
  message: string,
  privateKey: Uint8Array,
  format?: 'core3',
): Core3Message;
export function signMessageWithPrivateKey(
  message: string,
  privateKey: Uint8Array,
  format: 'arkvault',
): ArkVaultMessage;
export function signMessageWithPrivateKey(
  message: string,
  privateKey: Uint8Array,
  format: MessageFormat,
): SignedMessageDocument;
export function signMessageWithPrivateKey(
  message: string,
  privateKey: Uint8Array,
  format: MessageFormat = 'core3',
): SignedMessageDocument {
  if (typeof message !== 'string') throw new ProtocolError('ERR_JSON', 'the message must be text');
  const hash = messageHash(message);
  const publicKey = toHex(publicKeyFromPrivateKey(privateKey));
  if (format === 'arkvault') {
    return { message, signatory: publicKey, signature: toHex(schnorrSign(hash, privateKey)) };
  }
  return { publicKey, signature: toHex(ecdsaSign(hash, privateKey)), message };
}

/** Signs with a passphrase, as `Message.sign(message, passphrase)` does (the passphrase as given, not normalized). */
export function signMessageWithPassphrase(
  message: string,
  passphrase: string,
  format?: 'core3',
): Core3Message;
export function signMessageWithPassphrase(
  message: string,
  passphrase: string,
  format: 'arkvault',
): ArkVaultMessage;
export function signMessageWithPassphrase(
  message: string,
  passphrase: string,
  format: MessageFormat,
): SignedMessageDocument;
export function signMessageWithPassphrase(
  message: string,
  passphrase: string,
  format: MessageFormat = 'core3',
): SignedMessageDocument {
  return signMessageWithPrivateKey(message, keyPairFromPassphrase(passphrase).privateKey, format);
}

function field(document: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(document, name) ? document[name] : undefined;
}

/** Reads either form; ERR_JSON names what is missing or malformed. */
export function parseSignedMessage(document: unknown): ParsedMessage {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ProtocolError(
      'ERR_JSON',
      'a signed message is a JSON object: {publicKey, signature, message} or {message, signatory, signature}',
    );
  }
  const record = document as Record<string, unknown>;
  const publicKey = field(record, 'publicKey');
  const signatory = field(record, 'signatory');
  if (publicKey !== undefined && signatory !== undefined) {
    throw new ProtocolError('ERR_JSON', 'a signed message has either "publicKey" or "signatory", not both');
  }
  if (publicKey === undefined && signatory === undefined) {
    throw new ProtocolError(
      'ERR_JSON',
      'the signed message names no signer: expected "publicKey" (ARK Core 3) or "signatory" (ArkVault)',
    );
  }
  const format: MessageFormat = signatory === undefined ? 'core3' : 'arkvault';
  const keyName = format === 'core3' ? 'publicKey' : 'signatory';
  const key = format === 'core3' ? publicKey : signatory;
  const message = field(record, 'message');
  const signature = field(record, 'signature');
  if (typeof message !== 'string') throw new ProtocolError('ERR_JSON', '"message" must be text');
  if (!isHex(key, 33) || !isValidPublicKey(key)) {
    throw new ProtocolError('ERR_KEY', `"${keyName}" must be a 33-byte compressed public key in hex`);
  }
  if (!isHex(signature) || signature.length === 0) {
    throw new ProtocolError('ERR_SIGNATURE', '"signature" must be hexadecimal');
  }
  return { format, message, publicKey: key.toLowerCase(), signature: signature.toLowerCase() };
}

/** The schemes a signature's bytes can be: strict DER is ECDSA, 64 bytes legacy Schnorr (both, rarely, at once). */
function schemesOf(signature: Uint8Array, format: MessageFormat): MessageScheme[] {
  const schemes: MessageScheme[] = [];
  if (compactFromStrictDer(signature) !== undefined) schemes.push('ecdsa');
  if (signature.length === 64) schemes.push('schnorr');
  // A document's own form is tried first when its bytes allow both.
  return format === 'arkvault' ? schemes.reverse() : schemes;
}

/**
 * Verifies a signed message of either form (`Message.verify` for Core 3, `Hash.verifySchnorr` for ArkVault).
 * `pubKeyHash`: the network whose address of the signer to report.
 */
export function verifySignedMessage(document: unknown, pubKeyHash?: number): MessageVerdict {
  const parsed = parseSignedMessage(document);
  const hash = messageHash(parsed.message);
  const signature = fromHex(parsed.signature, 'signature', 'ERR_SIGNATURE');
  const publicKey = fromHex(parsed.publicKey, 'public key', 'ERR_KEY');
  const address = pubKeyHash === undefined ? {} : { address: addressFromPublicKey(publicKey, pubKeyHash) };
  const schemes = schemesOf(signature, parsed.format);
  for (const scheme of schemes) {
    const ok =
      scheme === 'ecdsa'
        ? ecdsaVerify(hash, signature, publicKey)
        : schnorrVerify(hash, signature, publicKey);
    if (ok) return { ...parsed, ...address, verified: true, scheme };
  }
  const expected: MessageScheme = schemes[0] ?? (parsed.format === 'arkvault' ? 'schnorr' : 'ecdsa');
  const reason =
    schemes.length === 0
      ? `the signature is neither a DER ECDSA signature nor a 64-byte Schnorr signature (${signature.length} bytes)`
      : 'the signature does not match this message and public key';
  return { ...parsed, ...address, verified: false, scheme: expected, reason };
}

/** A document of either form as the wallets write it: pretty JSON, fields in their order. */
export function signedMessageText(document: SignedMessageDocument): string {
  return JSON.stringify(document, null, 2);
}
