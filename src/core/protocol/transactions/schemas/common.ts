import { z } from 'zod';
import { INT64_MAX } from '../constants';

/** Shared schema pieces (protocol reference §5). */

/** The patterns of the schemas below, shared with the plain-transfer check (plain-transfer.ts). */
export const EVEN_HEX = /^(?:[0-9a-fA-F]{2})+$/;
export const hexOfLength = (length: number) => new RegExp(`^[0-9a-fA-F]{${length}}$`);
export const PUBLIC_KEY_HEX = hexOfLength(66);
export const HASH32_HEX = hexOfLength(64);
export const ADDRESS = /^[123456789A-HJ-NP-Za-km-z]{34}$/;
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hex = (length?: number) =>
  length === undefined
    ? z.string().regex(EVEN_HEX, 'must be a non-empty even-length hex string')
    : z.string().regex(hexOfLength(length), `must be ${length} hex characters`);

export const publicKeyHex = z.string().regex(PUBLIC_KEY_HEX, 'must be 66 hex characters');
export const hash32Hex = z.string().regex(HASH32_HEX, 'must be 64 hex characters');

/** 34 Base58 characters; the network byte is checked against the context separately. */
export const address = z.string().regex(ADDRESS, 'must be a 34-character Base58 address');

export const base58 = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[123456789A-HJ-NP-Za-km-z]+$/, 'must be Base58');

/** Big numbers are written as int64 by the reference: 0 ≤ x ≤ 9223372036854775807 (§5). */
export const int64 = z.bigint().min(0n).max(INT64_MAX, 'must not exceed int64 max 9223372036854775807');

export const u8 = z.number().int().min(0).max(0xff);
export const u32 = z.number().int().min(0).max(0xffffffff);

/**
 * Text that is written as UTF-8 must be well-formed UTF-16 first: a lone surrogate would be written as U+FFFD
 * and read back as a different string, so the JSON would not say what the bytes say.
 */
export const wellFormed = z
  .string()
  .refine((text) => !LONE_SURROGATE.test(text), 'must not contain lone surrogates');

/** A key that must be absent (or undefined) for this type. */
export const absent = (message: string) => z.never({ error: message }).optional();

/** Fields every type shares; per-type schemas extend this (§5 "Base schema"). */
export const baseShape = {
  version: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }),
  network: u8,
  typeGroup: u32,
  type: z.number().int().min(0).max(0xffff),
  nonce: int64,
  timestamp: u32.optional(),
  senderPublicKey: publicKeyHex,
  fee: int64,
  amount: int64,
  vendorField: absent('not allowed for this transaction type'),
  expiration: absent('not allowed for this transaction type'),
  recipientId: absent('not allowed for this transaction type'),
  asset: absent('not allowed for this transaction type'),
  signature: hex().optional(),
  secondSignature: hex().optional(),
  signatures: z
    .array(hex(130))
    .min(1)
    .max(16)
    .refine((items) => new Set(items).size === items.length, 'items must be unique')
    .optional(),
  id: hash32Hex.optional(),
};
