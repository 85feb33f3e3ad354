import { sha256 } from '../hash';
import { toHex } from '../hex';
import { serializeTransaction, type SerializeOptions } from './serialize';
import { legacyHashBytes } from './serialize-v1';
import type { TransactionData } from './types';

/**
 * Ids and signed hashes (protocol reference §4.3, §8). Version 2 hashes the AIP-11 bytes; version 1 hashes the
 * legacy getBytesV1 layout (§4.5), which is why a v1 id is not SHA-256 of its wire bytes.
 */
export function hashBytes(tx: TransactionData, options: SerializeOptions = {}): Uint8Array {
  return tx.version === 1 ? legacyHashBytes(tx, options) : serializeTransaction(tx, options);
}

/** hex(SHA256(full bytes)), every signature included. */
export function transactionId(tx: TransactionData): string {
  return toHex(sha256(hashBytes(tx)));
}

/** The bytes the sender signs: no signature and no secondSignature, multisignatures INCLUDED (§4.3). */
export function signingBytes(
  tx: TransactionData,
  options: Pick<SerializeOptions, 'legacyRecipient'> = {},
): Uint8Array {
  return hashBytes(tx, { ...options, excludeSignature: true, excludeSecondSignature: true });
}

export function signingHash(
  tx: TransactionData,
  options: Pick<SerializeOptions, 'legacyRecipient'> = {},
): Uint8Array {
  return sha256(signingBytes(tx, options));
}

/** Hash signed by the second key: covers the first signature (§4.3). */
export function secondSigningHash(
  tx: TransactionData,
  options: Pick<SerializeOptions, 'legacyRecipient'> = {},
): Uint8Array {
  return sha256(hashBytes(tx, { ...options, excludeSecondSignature: true }));
}

/** Hash signed by each multisignature participant: no signatures of any kind (§4.3). */
export function multiSignatureSigningHash(tx: TransactionData): Uint8Array {
  return sha256(
    hashBytes(tx, { excludeSignature: true, excludeSecondSignature: true, excludeMultiSignatures: true }),
  );
}
