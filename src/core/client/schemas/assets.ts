/**
 * The parts of a transaction's `asset` (ark-core-api.md §6.14) that the app computes with, checked as ARK's
 * transaction schemas allow them (src/core/protocol/transactions/schemas/core.ts) and left in their JSON form
 * (domain/chain-records.ts). An answer whose asset breaks them is the peer's ERR_BAD_RESPONSE; every other key comes
 * as the node sent it and is read defensively (services/chain/views.ts).
 */
import { z } from 'zod';
import { amountText } from './common';

/**
 * A vote's entries: "+" (vote) or "-" (unvote) then a 66-hex public key, at most two (an unvote and a vote in one
 * transaction). Each names a delegate the explorer reads by its key (services/chain/explorer-reads.ts).
 */
export const votesAsset = z
  .array(z.string().regex(/^[+-][0-9a-fA-F]{66}$/, 'expected "+" or "-" then a 66-hex public key'))
  .max(2);

/** A multipayment's payments, each amount an integer string short enough to become a bigint at once. */
export const paymentsAsset = z.array(z.object({ recipientId: z.string(), amount: amountText }));

export const transactionAsset = z.looseObject({
  votes: votesAsset.optional(),
  payments: paymentsAsset.optional(),
});
