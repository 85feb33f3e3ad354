import type { HtlcExpirationType } from '../types';
import type { AssetCodec } from './codec';
import { readAddress, readFixedHex, requireAsset, writeAddress, writeFixedHex } from './codec';
import { ProtocolError } from '../../errors';

/**
 * Core type 8: `amount u64 ‖ secretHash 32 ‖ expirationType u8 ‖ expirationValue u32 ‖ recipient 21`
 * (protocol reference §4.2).
 */
export const htlcLockCodec: AssetCodec = {
  write(w, tx) {
    const lock = requireAsset(tx, 'lock');
    if (tx.recipientId === undefined) {
      throw new ProtocolError('ERR_SCHEMA', 'data.recipientId: required for an HTLC lock');
    }
    w.u64(tx.amount);
    writeFixedHex(w, lock.secretHash, 32, 'asset.lock.secretHash');
    w.u8(lock.expiration.type).u32(lock.expiration.value);
    writeAddress(w, tx.recipientId);
  },
  read(r, tx, state) {
    const amount = r.u64('lock amount');
    const secretHash = readFixedHex(r, 32, 'lock secret hash');
    // Any byte is read here; the schema (§5) admits only 1 and 2.
    const type = r.u8('lock expiration type') as HtlcExpirationType;
    const value = r.u32('lock expiration value');
    tx.amount = amount;
    tx.recipientId = readAddress(r, state, 'lock recipient');
    tx.asset = { lock: { secretHash, expiration: { type, value } } };
  },
};

/** Core type 9: `lockTransactionId 32 ‖ unlockSecret 32`; there is no hashType byte in ARK v3 (§4.2). */
export const htlcClaimCodec: AssetCodec = {
  write(w, tx) {
    const claim = requireAsset(tx, 'claim');
    writeFixedHex(w, claim.lockTransactionId, 32, 'asset.claim.lockTransactionId');
    writeFixedHex(w, claim.unlockSecret, 32, 'asset.claim.unlockSecret');
  },
  read(r, tx) {
    const lockTransactionId = readFixedHex(r, 32, 'claim lock transaction id');
    const unlockSecret = readFixedHex(r, 32, 'claim unlock secret');
    tx.asset = { claim: { lockTransactionId, unlockSecret } };
  },
};

/** Core type 10: `lockTransactionId 32` (§4.2). */
export const htlcRefundCodec: AssetCodec = {
  write(w, tx) {
    writeFixedHex(w, requireAsset(tx, 'refund').lockTransactionId, 32, 'asset.refund.lockTransactionId');
  },
  read(r, tx) {
    tx.asset = { refund: { lockTransactionId: readFixedHex(r, 32, 'refund lock transaction id') } };
  },
};
