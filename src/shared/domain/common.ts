/**
 * Building blocks of the DTOs that cross the IPC boundary (docs/design/architecture.md "Contracts"). Amounts cross
 * as decimal strings
 * of the smallest unit (arktoshi): JSON has no bigint, and a number would lose precision above 2^53.
 */
import { z } from 'zod';

/** An amount in arktoshi as a decimal integer string ("-" only for the genesis wallet's balance). */
export const amountString = z.string().regex(/^-?\d{1,30}$/, 'expected a decimal integer amount');
/** A non-negative amount, as a request field. */
export const positiveAmountString = z
  .string()
  .regex(/^\d{1,30}$/, 'expected a whole number of arktoshi')
  .refine((text) => BigInt(text) > 0n, 'must be more than 0');
export const feeString = z.string().regex(/^\d{1,30}$/, 'expected a whole number of arktoshi');

export const hex64 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex characters');
export const publicKeyHex = z.string().regex(/^0[23][0-9a-fA-F]{64}$/, 'expected a 66-hex public key');
/** Base58Check addresses are 34 characters on ARK networks. */
export const addressText = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{25,40}$/, 'expected an address');

/** `{epoch, unix, human}`: epoch seconds, Unix seconds and ISO text (ark-core-api.md §2.7). */
export const timestampView = z.object({ epoch: z.number().int(), unix: z.number().int(), human: z.string() });
export type TimestampView = z.output<typeof timestampView>;

export const pageRequest = {
  page: z.number().int().min(1).max(1_000_000).default(1),
  limit: z.number().int().min(1).max(100).default(25),
};

export const pageMetaView = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  count: z.number().int(),
  totalCount: z.number().int(),
  pageCount: z.number().int(),
});
export type PageMetaView = z.output<typeof pageMetaView>;

export function pageView<T extends z.ZodType>(item: T) {
  return z.object({ meta: pageMetaView, data: z.array(item) });
}
export interface PageView<T> {
  meta: PageMetaView;
  data: T[];
}

/** Channels that answer nothing answer `null` (undefined does not survive every transport). */
export const nothing = z.null();
