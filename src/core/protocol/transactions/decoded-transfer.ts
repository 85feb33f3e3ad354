import { sha256 } from '../hash';
import { toHex } from '../hex';
import { contextMilestone, type ChainContext } from '../networks';
import { CoreType, TypeGroup } from './constants';
import type { TransactionData } from './types';

const LOWER_HEX_66 = /^[0-9a-f]{66}$/;
const SCHNORR_HEX = /^[0-9a-f]{128}$/;

/**
 * What deserializeTransaction(bytes) would return, built without reading the bytes back, for the one shape
 * wallets send nearly always: a version-2 Core transfer with Schnorr signatures, from data that validated and
 * serialized to `bytes` (json-parse.ts). For that shape decoding changes nothing but what this function does:
 * hex comes back lower-case (so only lower-case input is taken), `expiration` is always present (0 when left
 * out), a Base58Check recipient is one-to-one with its 21 bytes, well-formed UTF-8 text round-trips (the decoder
 * keeps a BOM), the id is SHA-256 of the bytes, and the fields come in the decoder's order. Every other shape —
 * an empty vendorField, an asset, ECDSA or multisignatures, upper-case hex, a height before AIP-11 (the version
 * gate) — gets `undefined`, and the caller deserializes. The validation deserializing would repeat already
 * passed on the same fields (the id and a u32 expiration added satisfy the signed schema).
 */
export function decodedCanonicalTransfer(
  tx: TransactionData,
  bytes: Uint8Array,
  ctx: ChainContext,
): TransactionData | undefined {
  if (tx.version !== 2 || tx.typeGroup !== TypeGroup.Core || tx.type !== CoreType.Transfer) return undefined;
  if (tx.asset !== undefined || tx.signatures !== undefined || tx.timestamp !== undefined) return undefined;
  if (tx.vendorField === '' || tx.recipientId === undefined) return undefined;
  if (tx.signature === undefined || !SCHNORR_HEX.test(tx.signature)) return undefined;
  if (tx.secondSignature !== undefined && !SCHNORR_HEX.test(tx.secondSignature)) return undefined;
  if (!LOWER_HEX_66.test(tx.senderPublicKey)) return undefined;
  if (contextMilestone(ctx).aip11 !== true) return undefined;

  const out: TransactionData = {
    version: tx.version,
    network: tx.network,
    typeGroup: tx.typeGroup,
    type: tx.type,
    nonce: tx.nonce,
    senderPublicKey: tx.senderPublicKey,
    fee: tx.fee,
    amount: tx.amount,
  };
  if (tx.vendorField !== undefined) out.vendorField = tx.vendorField;
  out.expiration = tx.expiration ?? 0;
  out.recipientId = tx.recipientId;
  out.signature = tx.signature;
  if (tx.secondSignature !== undefined) out.secondSignature = tx.secondSignature;
  out.id = toHex(sha256(bytes));
  return out;
}
