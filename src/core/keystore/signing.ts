/**
 * Signing with keys held by the key store. The protocol's `signTransaction` takes a passphrase; a WIF wallet
 * only has a private key, so this mirrors it step for step with private keys (protocol reference §4.4):
 * prepare the draft, Schnorr-sign signingHash (ECDSA for version 1, §3.3), optionally a second signature over
 * the bytes that include the first, then the id, then the full validation. Same inputs give the same bytes as
 * `signTransaction` with the passphrase (tests/keystore prove it).
 */
import { ecdsaSign, schnorrSign } from '../protocol/crypto';
import { toHex } from '../protocol/hex';
import type { ChainContext } from '../protocol/networks';
import {
  multiSignatureSigningHash,
  prepareTransaction,
  secondSigningHash,
  signingHash,
  transactionId,
  validateTransaction,
  type TransactionData,
  type TransactionDraft,
} from '../protocol/transactions';
import { ProtocolError } from '../protocol/errors';
import {
  signMessageWithPrivateKey,
  type Core3Message,
  type MessageFormat,
  type SignedMessageDocument,
} from '../protocol/message';
import { KeystoreError } from './errors';

export interface SigningKeys {
  privateKey: Uint8Array;
  /** 33-byte compressed public key. */
  publicKey: Uint8Array;
  secondPrivateKey?: Uint8Array;
}

/** Protocol failures (schema, vendor field, fee, key mismatch) become ERR_INVALID_DRAFT with the same words. */
function asDraftError(error: unknown): unknown {
  return error instanceof ProtocolError
    ? new KeystoreError('ERR_INVALID_DRAFT', `${error.code}: ${error.message}`)
    : error;
}

export function signDraftWithKeys(
  draft: TransactionDraft,
  keys: SigningKeys,
  ctx: ChainContext,
  withSecondSignature: boolean,
): TransactionData {
  if (typeof draft !== 'object' || draft === null) {
    throw new KeystoreError('ERR_INVALID_DRAFT', 'the draft must be an object');
  }
  const publicKey = toHex(keys.publicKey);
  const sender: unknown = draft.senderPublicKey;
  if (sender !== undefined && (typeof sender !== 'string' || sender.toLowerCase() !== publicKey)) {
    throw new KeystoreError(
      'ERR_INVALID_DRAFT',
      'the draft’s senderPublicKey is not this wallet’s public key',
    );
  }
  try {
    const tx = prepareTransaction({ ...draft, senderPublicKey: publicKey }, ctx);
    const sign = (hash: Uint8Array, privateKey: Uint8Array) =>
      toHex(tx.version === 1 ? ecdsaSign(hash, privateKey) : schnorrSign(hash, privateKey));
    tx.signature = sign(signingHash(tx), keys.privateKey);
    if (withSecondSignature && keys.secondPrivateKey !== undefined) {
      tx.secondSignature = sign(secondSigningHash(tx), keys.secondPrivateKey);
    }
    tx.id = transactionId(tx);
    validateTransaction(tx, ctx);
    return tx;
  } catch (error) {
    throw asDraftError(error);
  }
}

/**
 * A multisignature participant's signature (protocol reference §4.4, `addMultiSignature` with a private key): Schnorr
 * over the hash without any signature, appended as `hex2(index) ‖ signature`, the id recomputed. The key must be
 * `publicKeys[index]` and that participant must not have signed yet.
 */
export function participantSignatureWithKeys(
  tx: TransactionData,
  keys: SigningKeys,
  index: number,
  publicKeys: readonly string[],
): TransactionData {
  if (!Number.isInteger(index) || index < 0 || index >= publicKeys.length) {
    throw new KeystoreError(
      'ERR_INVALID_DRAFT',
      `participant ${index} is not one of the ${publicKeys.length} keys`,
    );
  }
  if (publicKeys[index]!.toLowerCase() !== toHex(keys.publicKey)) {
    throw new KeystoreError('ERR_INVALID_DRAFT', `this wallet’s key is not participant ${index}’s`);
  }
  const signatures = tx.signatures ?? [];
  if (signatures.some((entry) => Number.parseInt(entry.slice(0, 2), 16) === index)) {
    throw new KeystoreError('ERR_INVALID_DRAFT', `participant ${index} has signed already`);
  }
  const entry =
    index.toString(16).padStart(2, '0') + toHex(schnorrSign(multiSignatureSigningHash(tx), keys.privateKey));
  const next: TransactionData = { ...tx, signatures: [...signatures, entry] };
  next.id = transactionId(next);
  return next;
}

/**
 * A signed message (protocol/message.ts): ARK Core 3's `Crypto.Message.sign` form (ECDSA-DER over SHA256 of the
 * UTF-8 message) by default, ArkVault's legacy Schnorr form on request.
 */
export function signMessageWithKeys(message: string, keys: SigningKeys): Core3Message;
export function signMessageWithKeys(
  message: string,
  keys: SigningKeys,
  format: MessageFormat,
): SignedMessageDocument;
export function signMessageWithKeys(
  message: string,
  keys: SigningKeys,
  format: MessageFormat = 'core3',
): SignedMessageDocument {
  return signMessageWithPrivateKey(message, keys.privateKey, format);
}
