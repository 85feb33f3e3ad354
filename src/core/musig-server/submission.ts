/**
 * What a multisignature server accepts (ARK's multi-signature server, `POST /transaction` and JSON-RPC `store`:
 * `{data, multisigAsset}`), checked before anything is stored: the data is a well-formed transaction of the
 * server's network (protocol/transactions/json-parse.ts), the asset a valid `{min, publicKeys}`, and EVERY
 * participant signature present verifies (as ARK's server's `verifySignatures` in `server/utils.ts`, which checks
 * each entry, here with its index in range and no index twice, so a bad entry is never stored beside good ones).
 * A registration must carry the asset it registers; a spend must come from the asset's own key (protocol
 * reference §2), which ARK's server does not check and which keeps strangers' junk out of a participant's list.
 *
 * A body that fails the schema (its shape, the transaction's schema, no participant signature: ARK's
 * `transaction-schema-verifier.ts` sets `signatures.minItems` to 1) is a 400, as ARK's hapi route validation
 * answers; a signature that does not verify is a 422, as ARK's `Boom.badData`.
 */
import { z } from 'zod';
import { multiSignaturePublicKey, schnorrVerify, verifyTransactionSignature } from '../protocol/crypto';
import { isProtocolError, ProtocolError } from '../protocol/errors';
import { fromHex, isHex, toHex } from '../protocol/hex';
import type { ChainContext } from '../protocol/networks';
import {
  CoreType,
  TypeGroup,
  multiSignatureSigningHash,
  draftFromJson,
  prepareTransaction,
  signingHash,
  transactionId,
  type MultiSignatureAsset,
  type TransactionData,
} from '../protocol/transactions';
import { MusigError } from './errors';

const publicKey = z.string().regex(/^0[23][0-9a-fA-F]{64}$/, 'must be a compressed public key (66 hex)');

export const multisigAssetSchema = z.strictObject({
  min: z.number().int().min(1).max(16),
  publicKeys: z.array(publicKey).min(1).max(16),
});

const submissionSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  multisigAsset: multisigAssetSchema,
});

export interface Submission {
  /** The base id: the id of the transaction without any signature (ARK's `getBaseTransactionId`). */
  storeId: string;
  tx: TransactionData;
  asset: MultiSignatureAsset;
}

export function isRegistration(tx: TransactionData): boolean {
  return tx.typeGroup === TypeGroup.Core && tx.type === CoreType.MultiSignature;
}

/** ARK's `minRequiredSignatures`: every participant for a registration, `min` for a spend. */
export function requiredSignatures(tx: TransactionData, asset: MultiSignatureAsset): number {
  return isRegistration(tx) ? asset.publicKeys.length : asset.min;
}

/** ARK's base id: sha256 of the bytes without signature, second signature and participant signatures. */
export function baseId(tx: TransactionData): string {
  return toHex(multiSignatureSigningHash(tx));
}

/** The index of each participant signature, checked; throws MusigError 422 naming the first bad entry. */
export function checkParticipantSignatures(tx: TransactionData, asset: MultiSignatureAsset): number[] {
  const hash = multiSignatureSigningHash(tx);
  const seen: number[] = [];
  for (const [i, entry] of (tx.signatures ?? []).entries()) {
    if (!isHex(entry, 65)) {
      throw new MusigError(422, `signatures[${i}] must be 130 hex characters: index (2) and signature (128)`);
    }
    const index = Number.parseInt(entry.slice(0, 2), 16);
    if (index >= asset.publicKeys.length) {
      throw new MusigError(
        422,
        `signatures[${i}] names participant ${index}, but there are ${asset.publicKeys.length}`,
      );
    }
    if (seen.includes(index))
      throw new MusigError(422, `signatures[${i}]: participant ${index} signed twice`);
    if (!schnorrVerify(hash, fromHex(entry.slice(2)), fromHex(asset.publicKeys[index]!))) {
      throw new MusigError(
        422,
        `signatures[${i}] is not participant ${index}'s signature of this transaction`,
      );
    }
    seen.push(index);
  }
  return seen;
}

function sameAsset(a: MultiSignatureAsset, b: MultiSignatureAsset): boolean {
  return (
    a.min === b.min &&
    a.publicKeys.length === b.publicKeys.length &&
    a.publicKeys.every((key, i) => key.toLowerCase() === b.publicKeys[i]!.toLowerCase())
  );
}

/**
 * A partly signed transaction's JSON → its data, checked by the network's schema as a draft (a proposal is signed
 * bit by bit; ARK's `transaction-schema-verifier.ts` sets `signatures.minItems` to 1, parseSubmission asks the same).
 * Unknown top-level fields are dropped, as ARK's verifier ignores them; the sender's `signature` is kept.
 */
export function proposalFromJson(json: unknown, ctx: ChainContext): TransactionData {
  const tx = prepareTransaction(draftFromJson(json, ctx, { strict: false }), ctx);
  const signature = (json as { signature?: unknown }).signature;
  if (signature !== undefined && signature !== null) {
    if (typeof signature !== 'string' || !isHex(signature))
      throw new ProtocolError('ERR_SCHEMA', 'data.signature: must be hex');
    tx.signature = signature.toLowerCase();
  }
  tx.id = transactionId(tx);
  return tx;
}

/**
 * A submission as received → checked data, or MusigError 400 (the schema) or 422 (the signatures, the sender)
 * with a sentence a person can act on.
 */
export function parseSubmission(body: unknown, ctx: ChainContext): Submission {
  const shape = submissionSchema.safeParse(body);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    throw new MusigError(400, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'is invalid'}`);
  }
  const asset: MultiSignatureAsset = {
    min: shape.data.multisigAsset.min,
    publicKeys: shape.data.multisigAsset.publicKeys.map((key) => key.toLowerCase()),
  };
  if (asset.min > asset.publicKeys.length) {
    throw new MusigError(
      400,
      `multisigAsset.min ${asset.min} is more than its ${asset.publicKeys.length} keys`,
    );
  }
  if (new Set(asset.publicKeys).size !== asset.publicKeys.length) {
    throw new MusigError(400, 'multisigAsset.publicKeys must not repeat a key');
  }
  const signatures = shape.data.data['signatures'];
  if (!Array.isArray(signatures) || signatures.length === 0) {
    throw new MusigError(400, 'data.signatures: at least one participant must have signed');
  }
  let tx: TransactionData;
  try {
    tx = proposalFromJson(shape.data.data, ctx);
  } catch (error) {
    if (isProtocolError(error)) throw new MusigError(400, `data: ${error.message}`);
    throw error;
  }
  if (isRegistration(tx)) {
    const registered = tx.asset?.multiSignature;
    if (registered === undefined || !sameAsset(registered, asset)) {
      throw new MusigError(422, 'multisigAsset must be the registration’s own asset.multiSignature');
    }
  } else {
    let walletKey: string;
    try {
      walletKey = multiSignaturePublicKey(asset);
    } catch (error) {
      if (isProtocolError(error)) throw new MusigError(422, `multisigAsset: ${error.message}`);
      throw error;
    }
    if (walletKey !== tx.senderPublicKey.toLowerCase()) {
      throw new MusigError(422, 'data.senderPublicKey must be the multisignature key of multisigAsset');
    }
    if (tx.signature !== undefined) {
      throw new MusigError(
        422,
        'data.signature: a multisignature wallet’s transaction carries only signatures',
      );
    }
  }
  checkParticipantSignatures(tx, asset);
  if (tx.signature !== undefined) {
    // The sender's final signature of a registration, over the bytes with every participant's.
    const ok =
      isHex(tx.signature) &&
      verifyTransactionSignature(signingHash(tx), fromHex(tx.signature), fromHex(tx.senderPublicKey));
    if (!ok) throw new MusigError(422, 'data.signature is not the sender’s signature of this transaction');
    if ((tx.signatures ?? []).length < asset.publicKeys.length) {
      throw new MusigError(422, 'data.signature: the sender signs a registration after every participant');
    }
  }
  return { storeId: baseId(tx), tx, asset };
}
