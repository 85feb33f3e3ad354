/**
 * The parts of a transaction's `asset` (ark-core-api.md §6.14) that the app computes with, checked as ARK's
 * transaction schemas allow them (src/core/protocol/transactions/schemas/core.ts) and left in their JSON form
 * (domain/chain-records.ts). An answer whose asset breaks them is the peer's ERR_BAD_RESPONSE; every other key comes
 * as the node sent it and is read defensively (services/explorer/views.ts).
 */
import { z } from 'zod';
import { amountText } from './common';

/** A multipayment's payments, each amount an integer string short enough to become a bigint at once. */
export const paymentsAsset = z.array(z.object({ recipientId: z.string(), amount: amountText }));

export const transactionAsset = z.looseObject({
  payments: paymentsAsset.optional(),
});
