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
  /** Its nodes run ARK Core with `--env=test`: a lock may expire from the next block on. */
  arkTestMode: z.boolean().optional(),
});
export type NetworkView = z.output<typeof networkView>;

/** One of ARK's own networks the app can add in one step (listing it contacts nothing). */
export const knownNetworkView = z.object({
  key: z.enum(['ark-mainnet', 'ark-devnet']),
  name: z.string(),
  token: z.string(),
  nethash: z.string(),
  /** How many seed relays ARK Core ships for it. */
  seeds: z.number().int(),
  /** Already in the network list. */
  added: z.boolean(),
});
export type KnownNetworkView = z.output<typeof knownNetworkView>;
