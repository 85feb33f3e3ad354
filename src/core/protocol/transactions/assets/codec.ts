import type { ByteReader, ByteWriter } from '../../bytes';
import { ProtocolError } from '../../errors';
import { fromHex, toHex } from '../../hex';
import { utf8Bytes } from '../../hash';
import { addressFromBytes, addressToBytes } from '../../crypto';
import type { TransactionData } from '../types';

/**
 * One asset codec per transaction type (protocol reference §4.2). `read` fills the fields of the transaction
 * being decoded (amount, expiration, recipientId, asset); `write` appends the asset bytes.
 */
export interface AssetCodec {
  write(w: ByteWriter, tx: TransactionData): void;
  read(r: ByteReader, tx: TransactionData, state: DecodeState): void;
}

/** What a decoder needs beyond the bytes. */
export interface DecodeState {
  /** The configured address version byte; recipients must carry it. */
  readonly pubKeyHash: number;
  /**
   * The first recipient with another network byte. The reference notices this only when it computes the id
   * (AddressNetworkError, §2), i.e. after all bytes were read, so the decoder reports it at that point too.
   */
  addressError?: string;
}

/** Strict UTF-8: invalid sequences are rejected and a BOM is kept, so that decoding is one-to-one. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ProtocolError('ERR_BYTES', `${what} is not valid UTF-8`);
  }
}

export function requireAsset<K extends keyof NonNullable<TransactionData['asset']>>(
  tx: TransactionData,
  key: K,
): NonNullable<NonNullable<TransactionData['asset']>[K]> {
  const value = tx.asset?.[key];
  if (value === undefined || value === null) {
    throw new ProtocolError('ERR_SCHEMA', `data.asset.${String(key)}: required for this transaction type`);
  }
  return value;
}

/** Fixed-size binary field given as hex (public keys, hashes, ids). */
export function writeFixedHex(w: ByteWriter, hex: string, size: number, what: string): void {
  const bytes = fromHex(hex, what);
  if (bytes.length !== size) {
    throw new ProtocolError('ERR_BYTES', `${what} must be ${size} bytes, got ${bytes.length}`);
  }
  w.bytes(bytes);
}

export function readFixedHex(r: ByteReader, size: number, what: string): string {
  return toHex(r.bytes(size, what));
}

/** `len u8 ‖ UTF-8` (usernames, entity names, legacy magistrate strings). */
export function writeString8(w: ByteWriter, text: string, what: string): void {
  const bytes = utf8Bytes(text);
  if (bytes.length > 0xff) {
    throw new ProtocolError('ERR_BYTES', `${what} is ${bytes.length} UTF-8 bytes, at most 255 fit`);
  }
  w.u8(bytes.length).bytes(bytes);
}

export function readString8(r: ByteReader, what: string): string {
  const length = r.u8(`${what} length`);
  return decodeUtf8(r.bytes(length, what), what);
}

/** A length-prefixed optional string: length 0 means absent (§4.2 Entity, legacy magistrate). */
export function writeOptionalString8(w: ByteWriter, text: string | undefined, what: string): void {
  if (text === undefined || text === '') w.u8(0);
  else writeString8(w, text, what);
}

export function readOptionalString8(r: ByteReader, what: string): string | undefined {
  const length = r.u8(`${what} length`);
  return length === 0 ? undefined : decodeUtf8(r.bytes(length, what), what);
}

/** Recipient = version byte ‖ RIPEMD160 (21 bytes, §4.2). */
export function writeAddress(w: ByteWriter, address: string): void {
  w.bytes(addressToBytes(address));
}

export function readAddress(r: ByteReader, state: DecodeState, what: string): string {
  const bytes = r.bytes(21, what);
  const version = bytes[0]!;
  if (version !== state.pubKeyHash && state.addressError === undefined) {
    state.addressError = `Expected address network byte ${state.pubKeyHash}, but got ${version}.`;
  }
  return addressFromBytes(bytes);
}
