/**
 * Network and milestone shapes, as in @arkecosystem/crypto-networks 1.8.2 (protocol reference §1). Votary's
 * own localnet uses the same shapes.
 */
export interface NetworkParams {
  name: string;
  messagePrefix: string;
  bip32: { public: number; private: number };
  /** Address version byte. */
  pubKeyHash: number;
  /** Equals the payloadHash of the network's genesis block. */
  nethash: string;
  /** WIF version byte. */
  wif: number;
  slip44: number;
  aip20: number;
  burnAddress?: string;
  client: { token: string; symbol: string; explorer: string };
}

export type StaticFeeKey =
  | 'transfer'
  | 'secondSignature'
  | 'delegateRegistration'
  | 'vote'
  | 'multiSignature'
  | 'ipfs'
  | 'multiPayment'
  | 'delegateResignation'
  | 'htlcLock'
  | 'htlcClaim'
  | 'htlcRefund';

export interface MilestoneBlock {
  version: number;
  maxTransactions: number;
  maxPayload: number;
  idFullSha256?: boolean;
  acceptExpiredTransactionTimestamps?: boolean;
}

/** One raw milestone entry: only `height` is required, the rest is merged from earlier entries. */
export interface RawMilestone {
  height: number;
  reward?: number | string;
  activeDelegates?: number;
  blocktime?: number;
  block?: Partial<MilestoneBlock>;
  epoch?: string;
  fees?: { staticFees?: Partial<Record<StaticFeeKey, number>> };
  vendorFieldLength?: number;
  multiPaymentLimit?: number;
  aip11?: boolean;
  htlcEnabled?: boolean;
  aip36?: boolean;
  aip37?: boolean;
  ignoreInvalidSecondSignatureField?: boolean;
  ignoreExpiredTransactions?: boolean;
  [flag: string]: unknown;
}

/** The cumulative milestone in force at a height (`getMilestone(h)` of the reference). */
export interface Milestone extends RawMilestone {
  reward: number | string;
  activeDelegates: number;
  blocktime: number;
  block: MilestoneBlock;
  epoch: string;
  fees: { staticFees: Record<StaticFeeKey, number> };
  vendorFieldLength: number;
}

export interface GenesisSummary {
  id: string;
  height: number;
  timestamp: number;
  payloadHash: string;
  generatorPublicKey: string;
  numberOfTransactions: number;
  totalAmount: string;
}

/**
 * ARK's exceptions list of a network (`exceptions.json` of @arkecosystem/crypto-networks; crypto
 * `interfaces/networks.ts` INetworkConfig.exceptions): history ARK accepts against its own rules. Every key is
 * optional; protocol/networks/exceptions.ts reads them.
 */
export interface NetworkExceptions {
  /** Block ids accepted without verification (core-blockchain `processor/handlers/exception-handler.ts`). */
  blocks?: string[];
  /** The transaction ids each excepted legacy block must hold exactly (crypto `utils/index.ts` isException). */
  blocksTransactions?: Record<string, string[]>;
  /** Transaction ids accepted without signature, nonce or balance checks. */
  transactions?: string[];
  /** A block id as computed → the id the chain knows it by (crypto `blocks/deserializer.ts`). */
  outlookTable?: Record<string, string>;
  /** A v1 transaction id as computed → its id on the chain (crypto `transactions/utils.ts` getId). */
  transactionIdFixTable?: Record<string, string>;
  /** Block id → its transaction ids in the order ARK applies them (crypto `blocks/block.ts`). */
  wrongTransactionOrder?: Record<string, string[]>;
  /** Sender public key → {nonce: the negative balance it may show} (core-state `state-builder.ts`). */
  negativeBalances?: Record<string, Record<string, string>>;
}

export interface Network {
  network: NetworkParams;
  milestones: RawMilestone[];
  genesisBlock: GenesisSummary;
  /**
   * The exceptions Votary applies on this chain: only the lists it ships (ARK mainnet and devnet), never a peer's
   * word (a listed block or transaction skips verification).
   */
  exceptions?: NetworkExceptions;
}

/**
 * What most protocol functions read: the network and the height whose milestone applies. The reference reads
 * the milestone at the *configured* height (configManager.setHeight), not the transaction's.
 */
export interface ChainContext {
  network: Network;
  height: number;
}
