import { ByteWriter } from '../bytes';
import { utf8Bytes } from '../hash';
import { fromHex } from '../hex';
import { addressFromPublicKey, addressToBytes } from '../crypto';
import { CoreType } from './constants';
import type { SerializeOptions } from './serialize';
import type { TransactionData } from './types';

/**
 * The pre-AIP-11 `getBytesV1` layout that version-1 ids and signing hashes are computed over (protocol
 * reference §4.5 "Legacy v1"): `type u8 ‖ timestamp u32 ‖ sender 33 ‖ recipient 21 (zeros when absent, and for
 * types 1 and 4) ‖ vendorField zero-padded to 64 ‖ amount i64 ‖ fee i64 ‖ asset ‖ signature ‖ secondSignature`.
 * Multisignatures are never part of it.
 */
export function legacyHashBytes(tx: TransactionData, options: SerializeOptions = {}): Uint8Array {
  const w = new ByteWriter(256);
  w.u8(tx.type).u32(tx.timestamp ?? 0);
  if (tx.senderPublicKey) w.bytes(fromHex(tx.senderPublicKey, 'senderPublicKey'));

  const hasRecipient = tx.recipientId !== undefined && tx.recipientId !== '';
  if (options.legacyRecipient === true && tx.senderPublicKey) {
    const sender = fromHex(tx.senderPublicKey, 'senderPublicKey');
    w.bytes(addressToBytes(hasRecipient ? tx.recipientId! : addressFromPublicKey(sender, tx.network)));
  } else {
    const recipientWritten =
      hasRecipient && tx.type !== CoreType.SecondSignature && tx.type !== CoreType.MultiSignature;
    w.bytes(recipientWritten ? addressToBytes(tx.recipientId!) : new Uint8Array(21));
  }

  const vendorField = tx.vendorField ? utf8Bytes(tx.vendorField) : new Uint8Array(0);
  w.bytes(vendorField);
  if (vendorField.length < 64) w.bytes(new Uint8Array(64 - vendorField.length));

  w.u64(tx.amount).u64(tx.fee);
  w.bytes(legacyAssetBytes(tx));

  if (tx.signature && !options.excludeSignature) w.bytes(fromHex(tx.signature, 'signature'));
  if (tx.secondSignature && !options.excludeSecondSignature) {
    w.bytes(fromHex(tx.secondSignature, 'secondSignature'));
  }
  return w.finish();
}

function legacyAssetBytes(tx: TransactionData): Uint8Array {
  const asset = tx.asset;
  if (tx.type === CoreType.SecondSignature && asset?.signature) {
    return fromHex(asset.signature.publicKey, 'asset.signature.publicKey');
  }
  if (tx.type === CoreType.DelegateRegistration && asset?.delegate) {
    return utf8Bytes(asset.delegate.username);
  }
  if (tx.type === CoreType.Vote && asset?.votes) {
    return utf8Bytes(asset.votes.join(''));
  }
  if (tx.type === CoreType.MultiSignature && asset?.multiSignatureLegacy) {
    const { min, lifetime, keysgroup } = asset.multiSignatureLegacy;
    const keys = utf8Bytes(keysgroup.join(''));
    const out = new Uint8Array(2 + keys.length);
    out[0] = min;
    out[1] = lifetime;
    out.set(keys, 2);
    return out;
  }
  return new Uint8Array(0);
}
