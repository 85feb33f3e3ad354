import { ProtocolError } from '../errors';
import type { Network } from '../networks';
import { previousBlockIsFullSha256 } from './header';
import { legacyIdToHex } from './ids';
import type { BlockHeader, BlockJson } from './types';

/**
 * A decimal amount of at most 20 digits: every amount of a header is a u64 (header.ts writes 8 bytes; 2^64 − 1 has
 * 20 digits). A longer string is refused before BigInt reads it — a peer's 20 MB of digits (a P2P answer's cap)
 * took the thread seconds to read, and as long again to quote in the error.
 */
const DECIMAL = /^(?:0|[1-9][0-9]{0,19})$/;

type JsonObject = Record<string, unknown>;

function field<T>(json: JsonObject, key: string, check: (v: unknown) => v is T, what: string): T {
  const value = json[key];
  if (!check(value)) throw new ProtocolError('ERR_JSON', `block JSON field ${key} must be ${what}`);
  return value;
}

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isString = (v: unknown): v is string => typeof v === 'string';
const isAmount = (v: unknown): v is string | number | bigint =>
  typeof v === 'bigint' ||
  (typeof v === 'string' && DECIMAL.test(v)) ||
  (isInteger(v) && v <= Number.MAX_SAFE_INTEGER);

function amount(json: JsonObject, key: string): bigint {
  return BigInt(field(json, key, isAmount, 'a non-negative decimal amount'));
}

function optionalString(json: JsonObject, key: string): string | undefined {
  const value = json[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw new ProtocolError('ERR_JSON', `block JSON field ${key} must be a string`);
  return value;
}

/**
 * A header from its JSON form (amounts as decimal strings; numbers and bigints are accepted too). Only shapes are
 * checked here; byte-level limits are checked when the header is serialized. `idHex`/`previousBlockHex` are
 * derived values and are ignored.
 */
export function blockHeaderFromJson(value: unknown): BlockHeader {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError('ERR_JSON', 'block JSON must be an object');
  }
  const json = value as JsonObject;
  const header: BlockHeader = {
    version: field(json, 'version', isInteger, 'a non-negative integer'),
    timestamp: field(json, 'timestamp', isInteger, 'a non-negative integer'),
    height: field(json, 'height', isInteger, 'a non-negative integer'),
    numberOfTransactions: field(json, 'numberOfTransactions', isInteger, 'a non-negative integer'),
    totalAmount: amount(json, 'totalAmount'),
    totalFee: amount(json, 'totalFee'),
    reward: amount(json, 'reward'),
    payloadLength: field(json, 'payloadLength', isInteger, 'a non-negative integer'),
    payloadHash: field(json, 'payloadHash', isString, 'a hex string'),
    generatorPublicKey: field(json, 'generatorPublicKey', isString, 'a hex string'),
  };
  const previousBlock = optionalString(json, 'previousBlock');
  const blockSignature = optionalString(json, 'blockSignature');
  const id = optionalString(json, 'id');
  if (previousBlock !== undefined) header.previousBlock = previousBlock;
  if (blockSignature !== undefined) header.blockSignature = blockSignature;
  if (id !== undefined) header.id = id;
  return header;
}

/** `Block.toJson()` of a header, with the hex forms of both ids (§6.1). */
export function blockHeaderToJson(header: BlockHeader, network: Network): BlockJson {
  const json: BlockJson = {
    version: header.version,
    timestamp: header.timestamp,
    height: header.height,
    numberOfTransactions: header.numberOfTransactions,
    totalAmount: header.totalAmount.toString(),
    totalFee: header.totalFee.toString(),
    reward: header.reward.toString(),
    payloadLength: header.payloadLength,
    payloadHash: header.payloadHash,
    generatorPublicKey: header.generatorPublicKey,
  };
  if (header.previousBlock !== undefined) {
    json.previousBlockHex = previousBlockIsFullSha256(header.height, network)
      ? header.previousBlock
      : legacyIdToHex(header.previousBlock);
    json.previousBlock = header.previousBlock;
  }
  if (header.blockSignature !== undefined) json.blockSignature = header.blockSignature;
  if (header.id !== undefined) {
    json.idHex = header.id.length === 64 ? header.id : legacyIdToHex(header.id);
    json.id = header.id;
  }
  return json;
}
