import { ByteWriter } from '../bytes';
import { ProtocolError } from '../errors';
import { utf8Bytes } from '../hash';
import { fromHex } from '../hex';
import { assetCodec } from './assets/registry';
import { writeFixedHex } from './assets/codec';
import { hasVendorField, internalTypeLabel } from './constants';
import type { TransactionData } from './types';

export interface SerializeOptions {
  excludeSignature?: boolean;
  excludeSecondSignature?: boolean;
  excludeMultiSignatures?: boolean;
  /**
   * Version 1 only: write a recipient into the legacy bytes of a type 1 or 4 transaction too — its recipientId or
   * the sender's own address — as ARK does for the transactions of the network's `transactionIdFixTable`
   * (crypto `transactions/serializer.ts` getBytesV1, isBrokenTransaction; protocol/networks/exceptions.ts).
   */
  legacyRecipient?: boolean;
}

/**
 * AIP-11 bytes of a transaction (protocol reference §4.1–4.3), or the v1 wire layout for version 1
 * (§4.5 "Legacy v1": `ff 01 network type(u8) timestamp(u32)` header, ECDSA signatures, 0xFF before a legacy
 * multisignature blob). The options leave out parts of the signature trailer, as the reference's hashes do.
 */
export function serializeTransaction(tx: TransactionData, options: SerializeOptions = {}): Uint8Array {
  const codec = assetCodec(tx.typeGroup, tx.type, tx.version);
  if (!codec) {
    throw new ProtocolError(
      'ERR_UNKNOWN_TYPE',
      `Unknown transaction type: ${internalTypeLabel(tx.typeGroup, tx.type)}`,
    );
  }
  const w = new ByteWriter(256);
  w.u8(0xff).u8(tx.version).u8(tx.network);
  if (tx.version === 1) {
    w.u8(tx.type).u32(tx.timestamp ?? 0);
  } else {
    w.u32(tx.typeGroup).u16(tx.type).u64(tx.nonce);
  }
  writeFixedHex(w, tx.senderPublicKey, 33, 'senderPublicKey');
  w.u64(tx.fee);
  writeVendorField(w, tx);
  codec.write(w, tx);
  writeSignatures(w, tx, options);
  return w.finish();
}

/** Length byte and UTF-8 bytes; written only for types that carry a vendorField, else a single 0x00 (§4.1). */
function writeVendorField(w: ByteWriter, tx: TransactionData): void {
  if (!tx.vendorField || !hasVendorField(tx.typeGroup, tx.type)) {
    w.u8(0);
    return;
  }
  const bytes = utf8Bytes(tx.vendorField);
  if (bytes.length > 0xff) {
    throw new ProtocolError('ERR_VENDOR_FIELD', `Length of vendor field exceeded the allowed maximum 255.`);
  }
  w.u8(bytes.length).bytes(bytes);
}

/** signature ‖ secondSignature ‖ signatures (§4.3). */
function writeSignatures(w: ByteWriter, tx: TransactionData, options: SerializeOptions): void {
  if (tx.signature && !options.excludeSignature) w.bytes(fromHex(tx.signature, 'signature'));
  if (tx.secondSignature && !options.excludeSecondSignature) {
    w.bytes(fromHex(tx.secondSignature, 'secondSignature'));
  }
  if (tx.signatures && tx.signatures.length > 0 && !options.excludeMultiSignatures) {
    // A version-1 multisignature blob follows a 0xFF separator (§4.5 "Legacy v1").
    if (tx.version === 1) w.u8(0xff);
    tx.signatures.forEach((signature, i) => w.bytes(fromHex(signature, `signatures[${i}]`)));
  }
}
