import { ecdsaSign, keyPairFromPassphrase, schnorrSign } from '../crypto';
import { ProtocolError } from '../errors';
import { utf8Bytes } from '../hash';
import { toHex } from '../hex';
import { contextMilestone, type ChainContext } from '../networks';
import { staticFee } from '../fees';
import { CoreType, DEFAULT_MULTI_PAYMENT_LIMIT, TypeGroup } from './constants';
import { multiSignatureSigningHash, secondSigningHash, signingHash, transactionId } from './hashes';
import type { TransactionData } from './types';
import { validateTransaction } from './validate';

type Defaulted = 'version' | 'network' | 'typeGroup' | 'nonce' | 'senderPublicKey' | 'fee' | 'amount';

/**
 * What a caller fills in before signing. Missing fields get the builder defaults: version 2, the context's
 * network byte, typeGroup 1 (Core), nonce 0, amount 0, the static fee (§9) and the signer's public key.
 */
export type TransactionDraft = Omit<TransactionData, Defaulted> & Partial<Pick<TransactionData, Defaulted>>;

export interface Signer {
  passphrase: string;
  /** Adds a secondSignature over the bytes that include the first signature (§4.4). */
  secondPassphrase?: string;
  /** Sign with ECDSA/DER instead of Schnorr (accepted in v2, §3.3; always used for version 1). */
  ecdsa?: boolean;
}

/**
 * Draft (with its senderPublicKey) → complete unsigned data, checked as the reference's builder checks it: the vendorField length
 * (ERR_VENDOR_FIELD) and the multipayment limit (ERR_SCHEMA) first, then the schema of a draft. Existing
 * `signatures` (multisignature participants) are kept; signature, secondSignature and id are dropped.
 */
export function prepareTransaction(draft: TransactionDraft, ctx: ChainContext): TransactionData {
  if (typeof draft !== 'object' || draft === null)
    throw new ProtocolError('ERR_SCHEMA', 'data: must be an object');
  if (draft.senderPublicKey === undefined) {
    throw new ProtocolError(
      'ERR_SCHEMA',
      'data.senderPublicKey: is required (the signer or the multisignature key)',
    );
  }
  const milestone = contextMilestone(ctx);
  const { signature: _signature, secondSignature: _secondSignature, id: _id, ...rest } = draft;
  const tx: TransactionData = {
    ...rest,
    version: draft.version ?? 2,
    network: draft.network ?? ctx.network.network.pubKeyHash,
    typeGroup: draft.typeGroup ?? TypeGroup.Core,
    nonce: draft.nonce ?? 0n,
    senderPublicKey: draft.senderPublicKey,
    fee: 0n,
    amount: draft.amount ?? 0n,
  };
  if (tx.signatures) tx.signatures = [...tx.signatures];
  // The transfer builder starts with expiration 0, which toJson then shows (§4.2).
  if (tx.typeGroup === TypeGroup.Core && tx.type === CoreType.Transfer && tx.expiration === undefined) {
    tx.expiration = 0;
  }
  tx.fee = draft.fee ?? staticFee(tx, milestone);

  if (tx.vendorField !== undefined && utf8Bytes(tx.vendorField).length > milestone.vendorFieldLength) {
    throw new ProtocolError(
      'ERR_VENDOR_FIELD',
      `Length of vendor field exceeded the allowed maximum ${milestone.vendorFieldLength}.`,
    );
  }
  const payments = tx.asset?.payments;
  if (tx.typeGroup === TypeGroup.Core && tx.type === CoreType.MultiPayment && payments) {
    const limit = milestone.multiPaymentLimit ?? DEFAULT_MULTI_PAYMENT_LIMIT;
    if (payments.length > limit) {
      throw new ProtocolError(
        'ERR_SCHEMA',
        `data.asset.payments: Number of payments exceeded the allowed maximum of ${limit}.`,
      );
    }
  }
  validateTransaction(tx, ctx, { signed: false });
  return tx;
}

/**
 * Signs a draft (protocol reference §4.4): senderPublicKey from the passphrase if absent, the network byte
 * from the context, a Schnorr (or ECDSA) signature over signingHash — which includes any participant
 * signatures already present, so a multisignature registration is signed by the sender last — an optional
 * second signature, and the id. Signing is deterministic: signing again gives the same bytes.
 */
export function signTransaction(draft: TransactionDraft, signer: Signer, ctx: ChainContext): TransactionData {
  if (typeof signer !== 'object' || signer === null)
    throw new ProtocolError('ERR_KEY', 'signer must be an object');
  const keys = keyPairFromPassphrase(signer.passphrase);
  const publicKey = toHex(keys.publicKey);
  if (draft.senderPublicKey !== undefined && draft.senderPublicKey.toLowerCase() !== publicKey) {
    throw new ProtocolError('ERR_KEY', 'senderPublicKey does not belong to the signing passphrase');
  }
  const tx = prepareTransaction({ ...draft, senderPublicKey: publicKey }, ctx);
  const useEcdsa = signer.ecdsa === true || tx.version === 1;
  const sign = (hash: Uint8Array, privateKey: Uint8Array) =>
    toHex(useEcdsa ? ecdsaSign(hash, privateKey) : schnorrSign(hash, privateKey));

  tx.signature = sign(signingHash(tx), keys.privateKey);
  if (signer.secondPassphrase !== undefined) {
    tx.secondSignature = sign(
      secondSigningHash(tx),
      keyPairFromPassphrase(signer.secondPassphrase).privateKey,
    );
  }
  tx.id = transactionId(tx);
  validateTransaction(tx, ctx);
  return tx;
}

/**
 * Appends participant `index`'s Schnorr signature over the no-signatures hash, as `hex2(index) ‖ sig`
 * (§4.4), and updates the id. For a multisignature registration the passphrase must own publicKeys[index].
 * A duplicate index is ERR_DUPLICATE_PARTICIPANT.
 */
export function addMultiSignature(tx: TransactionData, passphrase: string, index: number): TransactionData {
  if (!Number.isInteger(index) || index < 0 || index > 0xff) {
    throw new ProtocolError(
      'ERR_SCHEMA',
      `multisignature index must be an integer 0..255, got ${String(index)}`,
    );
  }
  const signatures = tx.signatures ?? [];
  if (signatures.some((entry) => Number.parseInt(entry.slice(0, 2), 16) === index)) {
    throw new ProtocolError('ERR_DUPLICATE_PARTICIPANT', `participant ${index} has already signed`);
  }
  const keys = keyPairFromPassphrase(passphrase);
  const registration = tx.typeGroup === TypeGroup.Core && tx.type === CoreType.MultiSignature;
  const publicKeys = registration ? tx.asset?.multiSignature?.publicKeys : undefined;
  if (publicKeys) {
    if (index >= publicKeys.length) {
      throw new ProtocolError(
        'ERR_SCHEMA',
        `multisignature index ${index} is beyond the ${publicKeys.length} keys`,
      );
    }
    if (publicKeys[index]!.toLowerCase() !== toHex(keys.publicKey)) {
      throw new ProtocolError('ERR_KEY', `the passphrase does not own participant key ${index}`);
    }
  }
  const signature = toHex(schnorrSign(multiSignatureSigningHash(tx), keys.privateKey));
  const next: TransactionData = {
    ...tx,
    signatures: [...signatures, index.toString(16).padStart(2, '0') + signature],
  };
  next.id = transactionId(next);
  return next;
}
