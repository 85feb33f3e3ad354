/** What BlockStore is opened with, what applyBlock takes, and the supply it reports (store.ts). */
import type { Block } from '../../protocol/blocks';
import type { Network } from '../../protocol/networks';
import type { ChainRules } from '../transaction-handlers';

export interface BlockStoreOptions {
  /** Directory holding `<network>/chain.db`; undefined keeps the chain in memory. */
  dataDir?: string;
  /** The folder under dataDir, when not the network's name (a followed network: LocalNode's chainDirectoryName). */
  directory?: string;
  network: Network;
  genesis: Block;
  /** Wallets the confirmed state keeps in memory (LRU); default DEFAULT_WALLET_CACHE_SIZE (50,000). */
  walletCacheSize?: number;
  /** How the chain's forgers relaxed ARK's rules (a followed chain forged by ARK Core in test mode). */
  rules?: ChainRules;
}

export interface ApplyBlockOptions {
  /** Unix milliseconds for the future-timestamp rule; default Date.now(). */
  now?: number;
  /**
   * Skips `Block.verify()`: the block signature, every transaction's sender signature and the payload rules it
   * checks (totals, payload hash, size, duplicates). Only `npm run bench:node` uses it, to measure the state part
   * of a block on its own; chaining, the slot owner and every state rule still apply. Never for a received block.
   */
  skipBlockVerification?: boolean;
}

export interface Supply {
  /** Genesis amount + every block reward (ark-core-api.md §10.6, counting rewards actually paid). */
  total: bigint;
  /** The burn address's balance (0 when the network has no burn address). */
  burned: bigint;
  circulation: bigint;
}
