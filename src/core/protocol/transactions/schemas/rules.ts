import type { z } from 'zod';

/**
 * One type's validation: a zod schema for the shape, plus the amount and fee minimums, which are checked
 * outside zod because genesis transactions are exempt from them (protocol reference §5).
 */
export interface TypeRules {
  schema: z.ZodType;
  /**
   * A check without zod that is `true` only where `schema` accepts (schemas/plain-transfer.ts), for the shape a
   * type nearly always comes in; where it is `false` the schema decides.
   */
  accepts?: (tx: Readonly<Record<string, unknown>>) => boolean;
  /** 'zero': amount must be 0 (no amount on the wire); 'positive': amount ≥ 1. */
  amount: 'zero' | 'positive';
  /** 'positive': fee ≥ 1; 'zero': fee must be 0 (HTLC claim/refund); 'any': fee ≥ 0. */
  fee: 'positive' | 'zero' | 'any';
}
