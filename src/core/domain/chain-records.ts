/**
 * The records a chain's reads answer (ark-core-api.md §6.13–§6.19, §9): ARK's resources with every amount a
 * bigint. Whoever serves a chain speaks them — core/query (ChainQueries over this process's node database) and
 * core/client (NodeClient over any ARK Core 3.x node's public API, its answers parsed into these shapes) — so a
 * service reading a chain never knows which one answers (core/chain-access ChainAccess `reads`).
 */
import type { BridgechainAttributes, BusinessAttributes } from './chain-state';

/** `{epoch, unix, human}` (ark-core-api.md §2.7). */
export interface Timestamp {
  epoch: number;
  unix: number;
  human: string;
}

/** The pagination envelope's counts (ark-core-api.md §3); the links are HTTP's, present only over HTTP. */
export interface PageMeta {
  totalCountIsEstimate?: boolean | undefined;
  count: number;
  pageCount: number;
  totalCount: number;
  next?: string | null | undefined;
  previous?: string | null | undefined;
  self?: string | undefined;
  first?: string | undefined;
  last?: string | undefined;
}

export interface Page<T> {
  meta: PageMeta;
  data: T[];
}

/** The transformed block (§6.13). */
export interface BlockRecord {
  id: string;
  version: number;
  height: number;
  previous?: string | undefined;
  /** `amount` includes the block's multipayments. */
  forged: { reward: bigint; fee: bigint; amount: bigint; total: bigint };
  payload: { hash: string; length: number };
  generator: { username?: string | undefined; address: string; publicKey: string };
  signature?: string | undefined;
  /** Last height − this height (the last block has 0, §12.5). */
  confirmations: number;
  transactions: number;
  timestamp: Timestamp;
}

/** The transformed transaction, with or without its block (§6.14 a/b); `asset` is in its JSON form. */
export interface TransactionRecord {
  id: string;
  blockId?: string | undefined;
  version: number;
  type: number;
  typeGroup: number;
  amount: bigint;
  fee: bigint;
  sender: string;
  senderPublicKey: string;
  recipient: string;
  signature?: string | undefined;
  signSignature?: string | undefined;
  secondSignature?: string | undefined;
  signatures?: string[] | undefined;
  vendorField?: string | undefined;
  asset?: Record<string, unknown> | undefined;
  confirmations: number;
  timestamp?: Timestamp | undefined;
  nonce?: bigint | undefined;
}

/** The delegate part of a wallet's attributes; any other key is kept as ARK sent it. */
export interface WalletDelegateAttribute {
  [key: string]: unknown;
  username: string;
  voteBalance?: bigint | undefined;
  forgedFees?: bigint | undefined;
  forgedRewards?: bigint | undefined;
  producedBlocks?: number | undefined;
  rank?: number | undefined;
  round?: number | undefined;
  resigned?: boolean | undefined;
}

/**
 * ARK's attribute bag (§6.16): the keys screens read are typed, amounts bigint; everything else (`htlc.locks`,
 * `ipfs`, `entities`, `delegate.lastBlock`) is in ARK's JSON form.
 */
export interface WalletAttributesRecord {
  [key: string]: unknown;
  vote?: string | undefined;
  secondPublicKey?: string | undefined;
  delegate?: WalletDelegateAttribute | undefined;
  htlc?: { [key: string]: unknown; lockedBalance?: bigint | undefined } | undefined;
  multiSignature?: { [key: string]: unknown; min: number; publicKeys?: string[] | undefined } | undefined;
  business?: WalletBusinessAttribute | undefined;
}

/**
 * ARK's `business` attribute (core-magistrate-transactions `interfaces.ts` IBusinessWalletAttributes): a legacy
 * business and its bridgechains, without Votary's kept `previousAssets` (domain/chain-state.ts BusinessAttributes).
 */
export type WalletBusinessAttribute = Omit<BusinessAttributes, 'previousAssets' | 'bridgechains'> & {
  bridgechains?: Record<string, Omit<BridgechainAttributes, 'previousAssets'>>;
};

/** A wallet (§6.16): five fields, everything else inside `attributes`. */
export interface WalletRecord {
  address: string;
  publicKey?: string | undefined;
  balance: bigint;
  nonce: bigint;
  attributes: WalletAttributesRecord;
}

/** A delegate (§6.15). */
export interface DelegateRecord {
  username: string;
  address: string;
  publicKey: string;
  votes: bigint;
  rank?: number | undefined;
  isResigned: boolean;
  blocks: { produced: number; last?: { id: string; height: number; timestamp: Timestamp } | undefined };
  production: { approval: number };
  forged: { fees: bigint; rewards: bigint; total: bigint };
}

/** An open HTLC lock (§6.17); `isExpired` is judged against the chain's last block. */
export interface LockRecord {
  lockId: string;
  senderPublicKey: string;
  isExpired: boolean;
  amount: bigint;
  secretHash: string;
  recipientId: string;
  timestamp: Timestamp;
  expirationType: number;
  expirationValue: number;
  vendorField?: string | undefined;
}

/** A peer the node follows (§6.19). */
export interface PeerRecord {
  ip: string;
  port: number;
  ports?: Record<string, number | null> | undefined;
  version: string;
  height: number;
  latency: number;
  plugins?: Record<string, unknown> | undefined;
}

/** A round's active delegate with its vote weight at the round start (§6.11). */
export interface RoundDelegateRecord {
  publicKey: string;
  votes: bigint;
}

/** An entity (core-magistrate-api; §6.18). */
export interface EntityRecord {
  id: string;
  address: string;
  publicKey: string;
  isResigned: boolean;
  type: number;
  subType: number;
  data: { name: string; ipfsData?: string | undefined };
}
