/**
 * What the chain state is made of (docs/design/node.md "State and handlers"; ark-core-api.md §6.16, §10): the
 * node derives it, the database stores it, the API shows it, so it lives below all three. Amounts are
 * bigint arktoshi. A Wallet is what ARK keeps in its wallet attributes, with the per-transaction collections
 * (locks, entities, IPFS hashes) kept in their own indexes instead of inside the wallet.
 */

export interface LastBlockRef {
  id: string;
  height: number;
  timestamp: number;
}

export interface DelegateAttributes {
  username: string;
  /** Σ over the wallets voting for this delegate of (balance + lockedBalance) (ark-core-api.md §10.7). */
  voteBalance: bigint;
  producedBlocks: number;
  forgedFees: bigint;
  forgedRewards: bigint;
  lastBlock?: LastBlockRef;
  resigned: boolean;
  /** Position in the ranking of the last round start (§10.2); absent when unranked. */
  rank?: number;
  /** The last round in which this delegate was an active forger. */
  round?: number;
}

export interface MultiSignatureAttributes {
  min: number;
  publicKeys: string[];
  /**
   * A version 1 (pre-aip11) registration, accepted only as an exception of the network's list: ARK marks the wallet
   * `multiSignature.legacy` and refuses its later transactions unless they are exceptions too (core-transactions
   * `handlers/one/multi-signature-registration.ts`, `handlers/transaction.ts`). `lifetime` and `keysgroup` are the
   * registration's, as ARK keeps them; `publicKeys` are the keysgroup's keys.
   */
  legacy?: true;
  lifetime?: number;
  keysgroup?: string[];
}

/**
 * A legacy business (Magistrate type 0, between aip11 and aip36) as ARK keeps it in the wallet's `business`
 * attribute (core-magistrate-transactions `interfaces.ts` IBusinessWalletAttributes): the registration's asset with
 * every update merged in, `resigned` once resigned, and its bridgechains by genesis hash. `previousAssets` is
 * Votary's own: the asset before each update, newest last, which a revert restores (ARK replays the sender's
 * registration and updates from its database instead, `handlers/business-update.ts` revertForSender).
 */
export interface BusinessAttributes {
  businessAsset: BusinessAsset;
  resigned?: boolean;
  bridgechains?: Record<string, BridgechainAttributes>;
  previousAssets?: BusinessAsset[];
}

export interface BusinessAsset {
  name: string;
  website: string;
  vat?: string;
  repository?: string;
}

/** A legacy bridgechain (Magistrate type 3) under its business, as ARK keeps it (IBridgechainWalletAttributes). */
export interface BridgechainAttributes {
  bridgechainAsset: BridgechainAsset;
  resigned?: boolean;
  /** The asset before each update, newest last (Votary's, as BusinessAttributes.previousAssets). */
  previousAssets?: BridgechainAsset[];
}

export interface BridgechainAsset {
  name: string;
  seedNodes: string[];
  genesisHash: string;
  bridgechainRepository: string;
  ports: Record<string, number>;
  bridgechainAssetRepository?: string;
}

export interface Wallet {
  address: string;
  /** Known once the wallet has sent a transaction (or registered a delegate); a cold wallet has none. */
  publicKey?: string;
  /** Can be negative only for the genesis sender (ARK's genesis wallet). */
  balance: bigint;
  nonce: bigint;
  secondPublicKey?: string;
  multiSignature?: MultiSignatureAttributes;
  /** Public key of the voted delegate (without the "+"). */
  vote?: string;
  /** Σ of the amounts of this wallet's open HTLC locks: still counts toward its vote weight (§10.7). */
  lockedBalance: bigint;
  delegate?: DelegateAttributes;
  /** A legacy business and its bridgechains (Magistrate types 0–5, between aip11 and aip36). */
  business?: BusinessAttributes;
}

export type LockStatus = 'locked' | 'claimed' | 'refunded';

/** An HTLC lock (ark-core-api.md §6.17), kept after it is claimed or refunded for the API's unlocked lists. */
export interface Lock {
  id: string;
  senderPublicKey: string;
  senderAddress: string;
  recipientAddress: string;
  amount: bigint;
  secretHash: string;
  expiration: { type: 1 | 2; value: number };
  /** Timestamp and height of the block holding the lock transaction. */
  timestamp: number;
  height: number;
  vendorField?: string;
  status: LockStatus;
  unlockTransactionId?: string;
}

export interface EntityData {
  name: string;
  ipfsData?: string;
}

/** An Entity (ark-core-api.md §6.18), identified by its registration transaction id. */
export interface Entity {
  id: string;
  address: string;
  publicKey: string;
  type: number;
  subType: number;
  data: EntityData;
  resigned: boolean;
  /** The data each update replaced, oldest first: what reverting an update restores. */
  dataHistory: EntityData[];
}
