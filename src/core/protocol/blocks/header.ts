import { ByteWriter, type ByteReader } from '../bytes';
import { ProtocolError } from '../errors';
import { fromHex, isHex, toHex } from '../hex';
import { milestoneAt, type Network } from '../networks';
import { isFullBlockId, legacyIdValue } from './ids';
import type { BlockHeader } from './types';

const U32_MAX = 0xffffffff;
const U64_MAX = 0xffffffffffffffffn;

/**
 * Whether a header at `height` carries a 32-byte previousBlock. The width follows the milestone at height − 1
 * (or 1), so the first full-SHA256 block still has an 8-byte previousBlock (protocol reference §6.1).
 */
export function previousBlockIsFullSha256(height: number, network: Network): boolean {
  return milestoneAt(network, height - 1 || 1).block.idFullSha256 === true;
}

/** Header length without the signature: 141 (32-byte previousBlock) or 117 (legacy) bytes. */
export function headerSizeWithoutSignature(height: number, network: Network): number {
  return previousBlockIsFullSha256(height, network) ? 141 : 117;
}

function checkU32(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > U32_MAX) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `block ${field} must be an unsigned 32-bit integer, got ${String(value)}`,
    );
  }
  return value;
}

function checkU64(value: unknown, field: string): bigint {
  if (typeof value !== 'bigint' || value < 0n || value > U64_MAX) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `block ${field} must be an unsigned 64-bit bigint, got ${String(value)}`,
    );
  }
  return value;
}

function checkHex(value: unknown, bytes: number, field: string): Uint8Array {
  if (!isHex(value, bytes)) {
    throw new ProtocolError('ERR_BLOCK', `block ${field} must be ${bytes * 2} hex characters`);
  }
  return fromHex(value, `block ${field}`, 'ERR_BLOCK');
}

/** A DER signature as the deserializer will read it back: its length is 2 + its second byte (§6.1). */
export function signatureBytes(signature: unknown): Uint8Array {
  if (typeof signature !== 'string' || signature.length < 4 || !isHex(signature)) {
    throw new ProtocolError('ERR_BLOCK', 'block blockSignature must be a hex DER signature');
  }
  const bytes = fromHex(signature, 'block blockSignature', 'ERR_BLOCK');
  if (bytes.length !== 2 + bytes[1]!) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `block blockSignature is ${bytes.length} bytes but its DER length byte announces ${2 + bytes[1]!}`,
    );
  }
  return bytes;
}

function writePreviousBlock(writer: ByteWriter, header: BlockHeader, network: Network): void {
  if (previousBlockIsFullSha256(header.height, network)) {
    if (!isFullBlockId(header.previousBlock)) {
      throw new ProtocolError(
        'ERR_BLOCK',
        `block previousBlock at height ${header.height} must be a 64-character hex id (idFullSha256)`,
      );
    }
    writer.bytes(fromHex(header.previousBlock, 'block previousBlock', 'ERR_BLOCK'));
  } else {
    // Legacy: the decimal id as a big-endian u64, the only big-endian integer of the layout.
    writer.u64be(legacyIdValue(header.previousBlock));
  }
}

export interface SerializeHeaderOptions {
  /** Append blockSignature (required when true). Default true. */
  includeSignature?: boolean;
}

/** Header bytes in the §6.1 layout, little-endian integers. */
export function serializeBlockHeader(
  header: BlockHeader,
  network: Network,
  options: SerializeHeaderOptions = {},
): Uint8Array {
  const includeSignature = options.includeSignature ?? true;
  const height = checkU32(header.height, 'height');
  if (height < 1) throw new ProtocolError('ERR_BLOCK', 'block height must be at least 1');
  const writer = new ByteWriter(256);
  writer.u32(checkU32(header.version, 'version'));
  writer.u32(checkU32(header.timestamp, 'timestamp'));
  writer.u32(height);
  writePreviousBlock(writer, header, network);
  writer.u32(checkU32(header.numberOfTransactions, 'numberOfTransactions'));
  writer.u64(checkU64(header.totalAmount, 'totalAmount'));
  writer.u64(checkU64(header.totalFee, 'totalFee'));
  writer.u64(checkU64(header.reward, 'reward'));
  writer.u32(checkU32(header.payloadLength, 'payloadLength'));
  writer.bytes(checkHex(header.payloadHash, 32, 'payloadHash'));
  writer.bytes(checkHex(header.generatorPublicKey, 33, 'generatorPublicKey'));
  if (includeSignature) {
    if (header.blockSignature === undefined) {
      throw new ProtocolError('ERR_BLOCK', 'block has no blockSignature to serialize');
    }
    writer.bytes(signatureBytes(header.blockSignature));
  }
  return writer.finish();
}

/**
 * Reads a signed header (without id) from a reader positioned at its start. previousBlock comes back as hex
 * (full) or as the legacy decimal id, as the reference's deserializer does.
 */
export function readBlockHeader(reader: ByteReader, network: Network): BlockHeader {
  const version = reader.u32('block version');
  const timestamp = reader.u32('block timestamp');
  const height = reader.u32('block height');
  if (height < 1) throw new ProtocolError('ERR_BLOCK', 'block height must be at least 1');
  const previousBlock = previousBlockIsFullSha256(height, network)
    ? toHex(reader.bytes(32, 'block previousBlock'))
    : reader.u64be('block previousBlock').toString();
  const numberOfTransactions = reader.u32('block numberOfTransactions');
  const totalAmount = reader.u64('block totalAmount');
  const totalFee = reader.u64('block totalFee');
  const reward = reader.u64('block reward');
  const payloadLength = reader.u32('block payloadLength');
  const payloadHash = toHex(reader.bytes(32, 'block payloadHash'));
  const generatorPublicKey = toHex(reader.bytes(33, 'block generatorPublicKey'));
  const lengthByte = reader.peek(1);
  if (lengthByte === undefined) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `block header at height ${height} is truncated before its signature`,
    );
  }
  const blockSignature = toHex(reader.bytes(2 + lengthByte, 'block blockSignature'));
  return {
    version,
    timestamp,
    height,
    previousBlock,
    numberOfTransactions,
    totalAmount,
    totalFee,
    reward,
    payloadLength,
    payloadHash,
    generatorPublicKey,
    blockSignature,
  };
}
