/**
 * Who signs a prepared transaction (docs/design/signing.md). A Signer is handed the transaction as it was prepared
 * and reviewed, with the serialized bytes its signature covers, and answers signatures only: it never changes
 * the transaction. Two live here: the vault (the sender's signature, and its second one when the chain has a
 * second key), and a participant's side of a multisignature proposal. A hardware wallet is a third: it receives
 * `bytes` (ARK's serialized transaction without signatures, what such a device parses and shows), signs on the
 * device, and answers the same shapes.
 */
import type { Keystore } from '../../keystore';
import { bytesEqual } from '../../protocol/hex';
import type { ChainContext } from '../../protocol/networks';
import {
  hashBytes,
  signingBytes,
  transactionId,
  validateTransaction,
  type TransactionData,
} from '../../protocol/transactions';
import { ServiceError } from '../service-error';

/** What a signer is handed. */
export interface SignRequest {
  /** The transaction exactly as prepared (and as already signed by others, for a proposal). */
  transaction: TransactionData;
  /**
   * The serialized bytes the signature covers; SHA-256 of them is what is signed (protocol reference §4.3): the
   * transaction without its own signatures (a sender), or without any signature (a participant).
   */
  bytes: Uint8Array;
  context: ChainContext;
}

/** A sender's signatures: the first key's, and the second key's over the bytes that include the first. */
export interface SenderSignatures {
  signature: string;
  secondSignature?: string;
}

/** A participant's signature as a multisignature transaction carries it: hex2(index) ‖ signature. */
export interface ParticipantSignature {
  participant: string;
}

export interface Signer<S extends SenderSignatures | ParticipantSignature> {
  /** Who signs, for an error a person reads ("Savings", "participant 2 (Alice)"). */
  readonly label: string;
  sign(request: SignRequest): Promise<S>;
}

/** The transaction without any signature: what a review names by the hash of these bytes. */
export function unsignedBytes(tx: TransactionData): Uint8Array {
  return hashBytes(tx, {
    excludeSignature: true,
    excludeSecondSignature: true,
    excludeMultiSignatures: true,
  });
}

export function senderRequest(transaction: TransactionData, context: ChainContext): SignRequest {
  return { transaction, bytes: signingBytes(transaction), context };
}

export function participantRequest(transaction: TransactionData, context: ChainContext): SignRequest {
  return { transaction, bytes: unsignedBytes(transaction), context };
}

/** A signer whose answer is for other bytes than those it was handed: a defect, never broadcast. */
function signedOtherBytes(label: string): ServiceError {
  return new ServiceError(
    'ERR_INVALID_DRAFT',
    `${label} signed another transaction than the one reviewed: nothing was broadcast.`,
  );
}

/** The vault's signer for a wallet of it: its key, and its second key when the chain has one registered. */
export function vaultSigner(
  keystore: Keystore,
  walletId: string,
  options: { secondSignature: boolean },
): Signer<SenderSignatures> {
  const label = keystore.getWallet(walletId).name;
  return {
    label,
    // The vault answers at once; a device answers when the person confirms on it.
    sign: ({ transaction, bytes, context }) => {
      const signed = keystore.signDraft(walletId, transaction, context, options);
      if (!bytesEqual(signingBytes(signed), bytes)) return Promise.reject(signedOtherBytes(label));
      return Promise.resolve({
        signature: signed.signature ?? '',
        ...(signed.secondSignature === undefined ? {} : { secondSignature: signed.secondSignature }),
      });
    },
  };
}

/** A participant's signer: the vault wallet holding `publicKeys[index]` of a multisignature asset. */
export function participantSigner(
  keystore: Keystore,
  walletId: string,
  index: number,
  publicKeys: readonly string[],
): Signer<ParticipantSignature> {
  const label = `participant ${index + 1} (${keystore.getWallet(walletId).name})`;
  return {
    label,
    sign: ({ transaction, bytes }) => {
      const signed = keystore.signParticipant(walletId, transaction, index, publicKeys);
      if (!bytesEqual(unsignedBytes(signed), bytes)) return Promise.reject(signedOtherBytes(label));
      return Promise.resolve({ participant: signed.signatures![signed.signatures!.length - 1]! });
    },
  };
}

/**
 * The prepared transaction with a sender's signatures: its id computed and the whole checked as a node checks it
 * (the schema, the signature over exactly these bytes), so a signer's answer is never broadcast unverified.
 */
export async function signAsSender(
  signer: Signer<SenderSignatures>,
  transaction: TransactionData,
  context: ChainContext,
): Promise<TransactionData> {
  const request = senderRequest(transaction, context);
  const signatures = await signer.sign(request);
  const signed: TransactionData = { ...transaction, ...signatures };
  signed.id = transactionId(signed);
  if (!bytesEqual(signingBytes(signed), request.bytes)) throw signedOtherBytes(signer.label);
  validateTransaction(signed, context);
  return signed;
}

/** A proposal's transaction with one more participant's signature, its id recomputed. */
export async function signAsParticipant(
  signer: Signer<ParticipantSignature>,
  transaction: TransactionData,
  context: ChainContext,
): Promise<TransactionData> {
  const request = participantRequest(transaction, context);
  const { participant } = await signer.sign(request);
  const signed: TransactionData = {
    ...transaction,
    signatures: [...(transaction.signatures ?? []), participant],
  };
  signed.id = transactionId(signed);
  if (!bytesEqual(unsignedBytes(signed), request.bytes)) throw signedOtherBytes(signer.label);
  return signed;
}
