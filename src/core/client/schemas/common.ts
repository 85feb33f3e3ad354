/**
 * Building blocks of the response schemas. Amounts: ARK sends every amount, fee, balance, vote weight, reward and
 * nonce as an integer string in the smallest unit (ark-core-api.md §2.7); the client turns them into `bigint`
 * at the boundary, so core code never sees amount strings and never loses precision (docs/design/architecture.md
 * "Contracts": amounts are
 * bigint inside core). A few routes send numbers instead (the `/node/fees` zeros, milestone rewards); those are
 * accepted when they are safe integers.
 */
import { z } from 'zod';
import { peerText } from '../../../shared/lib/peer-text';

/**
 * An amount as ARK writes it, left in that form: for the amounts inside a transaction's `asset`, which keeps its JSON
 * form (domain/chain-records.ts). At most 30 digits: ARK's amounts fit 64 bits (20 digits), and a longer string
 * would cost whoever turns it into a number time in proportion to its length.
 */
export const amountText = z.union([
  z.string().regex(/^-?\d{1,30}$/, 'expected an integer amount string'),
  z.number().int().refine(Number.isSafeInteger),
]);

export const amount = amountText.transform((value) => BigInt(value));

export const integer = z.number().int();
export const hex64 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex characters');
export const publicKey = z.string().regex(/^[0-9a-fA-F]{66}$/, 'expected a 66-hex public key');

/** `{epoch, unix, human}` (ark-core-api.md §2.7). */
export const timestamp = z.object({ epoch: integer, unix: integer, human: z.string() });
export type Timestamp = z.output<typeof timestamp>;

/** `{"data": …}`: every non-paginated route (ark-core-api.md §3). */
export function dataOf<T>(item: z.ZodType<T>): z.ZodType<T> {
  return z.object({ data: item }).transform((envelope) => envelope.data);
}

/** The pagination envelope (ark-core-api.md §3); links are paths without `/api`, or null. */
export const pageMeta = z.object({
  totalCountIsEstimate: z.boolean().optional(),
  count: integer,
  pageCount: integer,
  totalCount: integer,
  next: z.string().nullable().optional(),
  previous: z.string().nullable().optional(),
  self: z.string().optional(),
  first: z.string().optional(),
  last: z.string().optional(),
});
export type PageMeta = z.output<typeof pageMeta>;

export interface Page<T> {
  meta: PageMeta;
  data: T[];
}

/** ARK's largest page, and its size when no `limit` is asked (ark-core-api.md §2.3). */
export const PAGE_LIMIT = 100;

/** The most items a node may answer to a page asked with this `limit` (ARK answers at most its largest page). */
export function pageLimit(limit: number | undefined): number {
  return Math.min(limit ?? PAGE_LIMIT, PAGE_LIMIT);
}

/**
 * A page of at most `limit` items. A node answers at most the limit it was asked, so a longer page is a lie — as
 * the follower refuses one (sync/block-download.ts) — and is refused before any item is parsed (zod checks an
 * array's size before its items): each item costs the app work, some a request of their own
 * (services/chain/wallet-history.ts).
 */
export function pageOf<T>(item: z.ZodType<T>, limit = PAGE_LIMIT): z.ZodType<Page<T>> {
  return z.object({
    meta: pageMeta,
    data: z.array(item).max(limit, `expected at most ${limit} items, the limit asked`),
  });
}

/**
 * Text a node chose that reaches screens, alerts and the webhook (a delegate's name, a version, a token's name):
 * cleaned of control and invisible characters and cut to `max` characters (shared/lib/peer-text.ts). ARK's own
 * values (a delegate name is at most 20 of `a-z0-9!@$&_.`) pass unchanged.
 */
export function peerString(max: number) {
  return z.string().transform((text) => peerText(text, max));
}

/** A delegate's name as a node reports it (ARK allows 20 characters; a little room for other chains). */
export const username = peerString(32);
/** A software version ("3.9.1", "3.0.0-next.12"). */
export const versionText = peerString(32);
