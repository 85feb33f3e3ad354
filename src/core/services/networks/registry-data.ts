/**
 * The persisted form of the network registry and its schema. Only remote networks are stored: the embedded
 * localnet entry is supplied afresh at every start (its API port can change between runs).
 */
import { z } from 'zod';
import { normalizePeerUrl } from '../../client';
import { hex64 } from '../../client/schemas/common';
import { genesisSummary, networkParams, rawMilestone } from '../../client/schemas/node';

export const REGISTRY_FORMAT_VERSION = 1;

const peerUrl = z.string().refine((url) => {
  try {
    return normalizePeerUrl(url) === url;
  } catch {
    return false;
  }
}, 'expected a normalized http(s) peer URL');

export const storedNetwork = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  nethash: hex64,
  token: z.string().min(1),
  symbol: z.string(),
  explorer: z.string().optional(),
  pubKeyHash: z.number().int().min(0).max(255),
  peers: z.array(peerUrl).min(1),
  network: z.object({
    network: networkParams,
    milestones: z.array(rawMilestone).min(1),
    genesisBlock: genesisSummary,
  }),
  /** Unix milliseconds. */
  addedAt: z.number().int(),
  /**
   * Its nodes run ARK Core with `--env=test` (a development testnet): they accept an HTLC lock that expires from
   * the next block on (ARK Core 3.9.1 `core-transactions/src/handlers/htlc-lock.ts`), so the wallet does too.
   */
  arkTestMode: z.boolean().optional(),
});
export type StoredNetwork = z.output<typeof storedNetwork>;

export const registryData = z.object({
  version: z.literal(REGISTRY_FORMAT_VERSION),
  networks: z.array(storedNetwork),
});
export type RegistryData = z.output<typeof registryData>;

/** Where the registry lives (a JSON file in the profile, written atomically by its owner; a Map in tests). */
export interface NetworkStore {
  /** The last saved data, or undefined when nothing was ever saved. */
  load(): Promise<unknown>;
  save(data: RegistryData): Promise<void>;
}

/** A store kept in memory (tests, and a first run before a profile exists). */
export function memoryNetworkStore(initial?: unknown): NetworkStore & { saved: RegistryData | undefined } {
  let current: unknown = initial === undefined ? undefined : structuredClone(initial);
  return {
    get saved() {
      return current as RegistryData | undefined;
    },
    load: () => Promise.resolve(current === undefined ? undefined : structuredClone(current)),
    save: (data) => {
      current = structuredClone(data);
      return Promise.resolve();
    },
  };
}
