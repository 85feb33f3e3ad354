/**
 * What a node says of itself and its chain (ark-core-api.md §6.1, §9.1–§9.8; public-api.md §4.11), amounts as
 * bigint: the node-state records of a chain's reads (chain-records.ts has the chain's resources).
 */
import type { Timestamp } from './chain-records';

/** A raw milestone: only `height` is required, the rest merges from earlier entries (protocol reference §1). */
export interface MilestoneRecord {
  [key: string]: unknown;
  height: number;
  reward?: number | string | undefined;
  activeDelegates?: number | undefined;
  blocktime?: number | undefined;
  block?:
    | {
        [key: string]: unknown;
        version?: number | undefined;
        maxTransactions?: number | undefined;
        maxPayload?: number | undefined;
        idFullSha256?: boolean | undefined;
        acceptExpiredTransactionTimestamps?: boolean | undefined;
      }
    | undefined;
  epoch?: string | undefined;
  fees?: { [key: string]: unknown; staticFees?: Record<string, number> | undefined } | undefined;
  vendorFieldLength?: number | undefined;
  multiPaymentLimit?: number | undefined;
  aip11?: boolean | undefined;
  htlcEnabled?: boolean | undefined;
  aip36?: boolean | undefined;
  aip37?: boolean | undefined;
}

/** The merged milestone a node reports as `constants` (§9.3). */
export interface NetworkConstants extends MilestoneRecord {
  reward: number | string;
  activeDelegates: number;
  blocktime: number;
  epoch: string;
}

/** `/node/configuration` (§9.3). */
export interface NodeConfiguration {
  core: { [key: string]: unknown; version: string };
  nethash: string;
  slip44: number;
  wif: number;
  token: string;
  symbol: string;
  explorer?: string | undefined;
  /** The network's address byte (pubKeyHash), not a software version. */
  version: number;
  ports: Record<string, number | null>;
  constants: NetworkConstants;
  transactionPool?: Record<string, unknown> | undefined;
}

/** The network parameters of `/node/configuration/crypto`. */
export interface NetworkParameters {
  name: string;
  messagePrefix: string;
  bip32: { public: number; private: number };
  pubKeyHash: number;
  nethash: string;
  wif: number;
  slip44: number;
  aip20: number;
  burnAddress?: string | undefined;
  client: { token: string; symbol: string; explorer: string };
}

/** The genesis block as its summary: what a reader needs to tell one chain from another. */
export interface GenesisSummary {
  id: string;
  height: number;
  timestamp: number;
  payloadHash: string;
  generatorPublicKey: string;
  numberOfTransactions: number;
  /** A decimal string (arktoshi). */
  totalAmount: string;
}

/** `/node/configuration/crypto` (§9.8). */
export interface CryptoConfiguration {
  network: NetworkParameters;
  milestones: MilestoneRecord[];
  exceptions?: Record<string, unknown> | undefined;
  genesisBlock: GenesisSummary;
}

/** `/node/status` (§9.1). */
export interface NodeStatus {
  synced: boolean;
  now: number;
  blocksCount: number;
  timestamp: number;
}

/** `/node/syncing` (§9.2). */
export interface NodeSyncing {
  syncing: boolean;
  blocks: number;
  height: number;
  id: string;
}

/** `/blockchain` (§6.1). */
export interface Blockchain {
  block: { height: number; id: string };
  supply: bigint;
}

export interface FeeStatistic {
  avg: bigint;
  max: bigint;
  min: bigint;
  sum: bigint;
}

/** `/node/fees` (§9.7): statistics by typeGroup and handler key, over `days` or the recent transactions. */
export interface NodeFees {
  days: number | undefined;
  byTypeGroup: Record<string, Record<string, FeeStatistic>>;
}

/** `/transactions/fees` (§9.4): static fees by typeGroup and handler key. */
export type StaticFees = Record<string, Record<string, bigint>>;

/** The secondary interface's `/trng` (public-api.md §4.11): random values from one block's id. */
export interface RandomValues {
  blockId: string;
  timestamp?: Timestamp | undefined;
  values: number[];
}
