/** The answer to POST /api/transactions (ark-core-api.md §7). */
import { z } from 'zod';

const poolError = z.object({ type: z.string(), message: z.string() });
export type PoolError = z.output<typeof poolError>;

/** 3.x sends one `{type, message}` per id; 2.x sent an array of them (§7), kept here as its first entry. */
const errorEntry = z.union([
  poolError,
  z
    .array(poolError)
    .min(1)
    .transform((list) => list[0]!),
]);

export const postTransactionsAnswer = z
  .object({
    data: z.object({
      accept: z.array(z.string()),
      broadcast: z.array(z.string()).default([]),
      excess: z.array(z.string()).default([]),
      invalid: z.array(z.string()),
    }),
    errors: z.record(z.string(), errorEntry).optional(),
  })
  .transform((answer) => ({ ...answer.data, errors: answer.errors ?? {} }));
export type PostTransactionsAnswer = z.output<typeof postTransactionsAnswer>;
