import { z } from 'zod';

export const networkView = z.object({
  /** "embedded" for the local node, the nethash for a remote network. */
  id: z.string(),
  kind: z.enum(['embedded', 'remote']),
  name: z.string(),
  nethash: z.string(),
  token: z.string(),
  symbol: z.string(),
  explorer: z.string().optional(),
  pubKeyHash: z.number().int(),
  peers: z.array(z.string()),
  active: z.boolean(),
  /** Unix milliseconds (0 for the embedded network). */
  addedAt: z.number(),
});
export type NetworkView = z.output<typeof networkView>;
