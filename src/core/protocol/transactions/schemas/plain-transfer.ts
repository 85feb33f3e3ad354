import { INT64_MAX } from '../constants';
import { ADDRESS, EVEN_HEX, HASH32_HEX, LONE_SURROGATE, PUBLIC_KEY_HEX } from './common';

/**
 * Whether the transfer schema (core.ts `transfer`) accepts `tx`, told without zod for the shape wallets send nearly
 * always: every field of the base schema of protocol reference §5 in range, no asset, no participant signatures.
 * `true` only where the schema accepts; anything else (another shape, or a value the schema would refuse) is
 * `false`, and the schema itself then decides and words the error. With json-shape.ts plainShape this takes zod's
 * 7 of the 22 kB the node's main thread allocated for a posted transfer off it (docs/benchmarks.md "Ingest").
 * tests/unit/core/protocol/transactions/plain-transfer.test.ts holds it to the schema: whatever this accepts, the
 * schema accepts.
 */
export function isPlainTransfer(tx: Readonly<Record<string, unknown>>): boolean {
  return (
    !Array.isArray(tx) &&
    (tx.version === 1 || tx.version === 2) &&
    isInteger(tx.network, 0xff) &&
    tx.typeGroup === 1 &&
    isInteger(tx.type, 0xffff) &&
    isInt64(tx.nonce) &&
    (tx.timestamp === undefined || isInteger(tx.timestamp, 0xffffffff)) &&
    typeof tx.senderPublicKey === 'string' &&
    PUBLIC_KEY_HEX.test(tx.senderPublicKey) &&
    isInt64(tx.fee) &&
    isInt64(tx.amount) &&
    (tx.vendorField === undefined || (typeof tx.vendorField === 'string' && isWellFormed(tx.vendorField))) &&
    (tx.expiration === undefined || isInteger(tx.expiration, 0xffffffff)) &&
    typeof tx.recipientId === 'string' &&
    ADDRESS.test(tx.recipientId) &&
    tx.asset === undefined &&
    (tx.signature === undefined || isHex(tx.signature)) &&
    (tx.secondSignature === undefined || isHex(tx.secondSignature)) &&
    tx.signatures === undefined &&
    (tx.id === undefined || (typeof tx.id === 'string' && HASH32_HEX.test(tx.id)))
  );
}

function isInteger(value: unknown, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
}

function isInt64(value: unknown): boolean {
  return typeof value === 'bigint' && value >= 0n && value <= INT64_MAX;
}

function isHex(value: unknown): boolean {
  return typeof value === 'string' && EVEN_HEX.test(value);
}

function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
