/**
 * The explorer, fee and randomness screens' DTOs, read from the active network's node. Amounts are
 * decimal strings of arktoshi (docs/design/architecture.md "Contracts"); timestamps are ARK's `{epoch, unix, human}`.
 */
import { z } from 'zod';
import { blockView, transactionView } from './chain-views';
import { amountString, timestampView } from './common';

/** What one search box text turned out to be (block id or height, transaction id, address, …). */
export const searchResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('block'), id: z.string(), height: z.number().int() }),
  z.object({ kind: z.literal('transaction'), id: z.string() }),
  z.object({
    kind: z.literal('wallet'),
    address: z.string(),
    /** How the text named the wallet (a public key or a username resolves to its address). */
    via: z.enum(['address', 'publicKey', 'username']),
  }),
  z.object({ kind: z.literal('notFound'), query: z.string(), message: z.string() }),
]);
export type SearchResult = z.output<typeof searchResult>;

/** A block's page: the list fields plus its header, and where its neighbours are. */
export const blockDetail = blockView.extend({
  version: z.number().int(),
  /** Id of the block before it (absent for the genesis block). */
  previousId: z.string().optional(),
  /** Height of the block after it, when the chain has one. */
  nextHeight: z.number().int().optional(),
  total: amountString,
  payloadHash: z.string(),
  payloadLength: z.number().int(),
  signature: z.string().optional(),
});
export type BlockDetail = z.output<typeof blockDetail>;

/** A vote or unvote of a vote transaction's asset (`+<publicKey>` / `-<publicKey>`), with the delegate's name. */
export const voteTarget = z.object({
  action: z.enum(['vote', 'unvote']),
  publicKey: z.string(),
  username: z.string().optional(),
});
export type VoteTarget = z.output<typeof voteTarget>;

/** A transaction's page: every field of the list view plus signatures and the asset of each type, readable. */
export const transactionDetail = transactionView.extend({
  version: z.number().int(),
  /** False while the transaction waits in the node's pool. */
  confirmed: z.boolean(),
  blockHeight: z.number().int().optional(),
  signature: z.string().optional(),
  secondSignature: z.string().optional(),
  signatures: z.array(z.string()).optional(),
  voteTargets: z.array(voteTarget).optional(),
  secondPublicKey: z.string().optional(),
  multiSignature: z.object({ min: z.number().int(), publicKeys: z.array(z.string()) }).optional(),
  ipfs: z.string().optional(),
  /** HTLC claim: the revealed secret. */
  unlockSecret: z.string().optional(),
});
export type TransactionDetail = z.output<typeof transactionDetail>;

/** One `/trng` or `/trng-1` answer of the secondary interface, with the block it names. */
export const randomDraw = z.object({
  blockId: z.string(),
  timestamp: timestampView.optional(),
  values: z.array(z.number().int().min(0)),
  /** The block as the public API knows it; absent when the node's public API does not know that id. */
  blockHeight: z.number().int().optional(),
});
export type RandomDraw = z.output<typeof randomDraw>;

export const randomnessView = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    /** The secondary interface the values came from. */
    secondaryUrl: z.string(),
    latest: randomDraw,
    previous: randomDraw.optional(),
  }),
  z.object({
    available: z.literal(false),
    secondaryUrl: z.string().optional(),
    /** Why it could not be read, in plain words. */
    reason: z.string(),
  }),
]);
export type RandomnessView = z.output<typeof randomnessView>;
