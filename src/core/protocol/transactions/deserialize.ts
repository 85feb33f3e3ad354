import { ByteReader } from '../bytes';
import { addressFromPublicKey } from '../crypto';
import { isProtocolError, ProtocolError } from '../errors';
import { sha256 } from '../hash';
import { fromHex, toHex } from '../hex';
import { contextMilestone, fixedTransactionId, isExceptionTransaction, type ChainContext } from '../networks';
import type { DecodeState } from './assets/codec';
import { decodeUtf8 } from './assets/codec';
import { assetCodec } from './assets/registry';
import { CoreType, TypeGroup, hasVendorField, internalTypeLabel } from './constants';
import { legacyHashBytes } from './serialize-v1';
import { readSignatures } from './trailer';
import type { TransactionData } from './types';
import { validateTransaction, type ValidateOptions } from './validate';

export type DeserializeOptions = Pick<ValidateOptions, 'genesis'>;

/**
 * Bytes → validated transaction with its id (protocol reference §4.5). Errors are ProtocolErrors in the order
 * the reference raises them: malformed bytes (ERR_BYTES, ERR_UNKNOWN_TYPE, ERR_DUPLICATE_PARTICIPANT), the
 * version gate (ERR_VERSION), a version 2 recipient of another network (ERR_NETWORK, raised by the reference
 * when it computes the id), then the schema (ERR_SCHEMA). Whether the signature is valid is verifyTransaction's
 * job.
 *
 * Decoding is one-to-one: every accepted input re-serializes to the same bytes (non-canonical encodings that
 * the reference would normalize are rejected), so a v2 id is SHA-256 of the input itself.
 */
export function deserializeTransaction(
  bytes: Uint8Array,
  ctx: ChainContext,
  options: DeserializeOptions = {},
): TransactionData {
  const state: DecodeState = { pubKeyHash: ctx.network.network.pubKeyHash };
  const tx = decode(bytes, state);

  const aip11 = contextMilestone(ctx).aip11 === true;
  if (aip11 ? tx.version !== 2 : tx.version !== 1) {
    throw new ProtocolError(
      'ERR_VERSION',
      `Transaction version ${tx.version} is not supported at height ${ctx.height} (aip11 ${aip11 ? 'on' : 'off'})`,
    );
  }
  if (tx.version === 1) applyV1Compatibility(tx);
  // Only a version 2 id is computed by the type's serializer, which reports a recipient of another network
  // (crypto `transactions/utils.ts` getId); version 1's getBytesV1 takes any network's recipient (validate.ts).
  if (tx.version !== 1 && state.addressError !== undefined) {
    throw new ProtocolError('ERR_NETWORK', state.addressError);
  }

  // A v1 id goes through the network's transactionIdFixTable (crypto `transactions/utils.ts` getId).
  tx.id =
    tx.version === 1
      ? fixedTransactionId(ctx.network, toHex(sha256(legacyHashBytes(tx))))
      : toHex(sha256(bytes));
  try {
    validateTransaction(tx, ctx, { genesis: options.genesis === true });
  } catch (error) {
    // A transaction of the network's exceptions list is kept whatever the schema says, as ARK's factory keeps it
    // (crypto `transactions/factory.ts` fromSerialized: `if (error && !isException(value)) throw …`): devnet's
    // listed history holds transfers of amount 0.
    const excepted =
      isProtocolError(error) && error.code === 'ERR_SCHEMA' && isExceptionTransaction(ctx.network, tx.id);
    if (!excepted) throw error;
  }
  return tx;
}

/**
 * Bytes the node itself stored after validating them (its chain database) → transaction, without checking them
 * again: the schema ran when the block was applied, and the id is the stored one (the API's list routes decode
 * 100 stored transactions per page, where validation and the id hash were most of the cost). Never
 * use it for bytes from outside — deserializeTransaction is the gate for those.
 */
export function decodeStoredTransaction(bytes: Uint8Array, ctx: ChainContext, id: string): TransactionData {
  const state: DecodeState = { pubKeyHash: ctx.network.network.pubKeyHash };
  const tx = decode(bytes, state);
  if (tx.version === 1) applyV1Compatibility(tx);
  tx.id = id;
  return tx;
}

export function deserializeTransactionHex(
  hex: string,
  ctx: ChainContext,
  options: DeserializeOptions = {},
): TransactionData {
  return deserializeTransaction(fromHex(hex, 'serialized transaction'), ctx, options);
}

function decode(bytes: Uint8Array, state: DecodeState): TransactionData {
  const r = new ByteReader(bytes);
  const marker = r.u8('marker');
  if (marker !== 0xff) {
    throw new ProtocolError('ERR_BYTES', `a transaction starts with 0xff, got 0x${marker.toString(16)}`);
  }
  const version = r.u8('version');
  const network = r.u8('network');
  let typeGroup: number = TypeGroup.Core;
  let type: number;
  let nonce = 0n;
  let timestamp: number | undefined;
  if (version === 1) {
    type = r.u8('type');
    timestamp = r.u32('timestamp');
  } else {
    typeGroup = r.u32('typeGroup');
    type = r.u16('type');
    nonce = r.u64('nonce');
  }
  const senderPublicKey = toHex(r.bytes(33, 'senderPublicKey'));
  const fee = r.u64('fee');

  const codec = assetCodec(typeGroup, type, version);
  if (!codec) {
    throw new ProtocolError(
      'ERR_UNKNOWN_TYPE',
      `Unknown transaction type: ${internalTypeLabel(typeGroup, type)}`,
    );
  }

  const tx: TransactionData = { version, network, typeGroup, type, nonce, senderPublicKey, fee, amount: 0n };
  if (timestamp !== undefined) tx.timestamp = timestamp;

  const vendorFieldLength = r.u8('vendorField length');
  if (vendorFieldLength > 0) {
    // The reference skips a vendorField on types without one and would then write 0x00 back: reject instead.
    if (!hasVendorField(typeGroup, type)) {
      throw new ProtocolError(
        'ERR_BYTES',
        `type ${internalTypeLabel(typeGroup, type)} carries no vendorField`,
      );
    }
    tx.vendorField = decodeUtf8(r.bytes(vendorFieldLength, 'vendorField'), 'vendorField');
  }

  codec.read(r, tx, state);
  readSignatures(r, tx);
  return tx;
}

/** The reference's applyV1Compatibility: a v1 vote's recipient is the sender's own address (§4.5). */
function applyV1Compatibility(tx: TransactionData): void {
  if (tx.type === CoreType.Vote) {
    tx.recipientId = addressFromPublicKey(fromHex(tx.senderPublicKey, 'senderPublicKey'), tx.network);
  }
}
