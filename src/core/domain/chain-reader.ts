/**
 * ChainReader: the reads of one chain (ARK Core 3.x's public API read side, ark-core-api.md §6 and §9), typed, with
 * amounts as bigint. Two implementations answer it alike: core/query's ChainQueries (this process's own node,
 * straight from its database) and core/client's NodeClient (any node over HTTP); a conformance test holds them
 * to the same answers (tests/query/conformance.test.ts). A missing block, transaction, wallet, delegate or lock
 * rejects with a not-found error (`isNotFoundError` here; core/client's `isNotFound` knows both kinds).
 */
import { CodedError } from '../../shared/lib/coded-error';
import type {
  BlockRecord,
  DelegateRecord,
  LockRecord,
  Page,
  PeerRecord,
  RoundDelegateRecord,
  TransactionRecord,
  WalletRecord,
} from './chain-records';
import type {
  Blockchain,
  CryptoConfiguration,
  NodeConfiguration,
  NodeFees,
  NodeStatus,
  NodeSyncing,
  StaticFees,
} from './node-records';

/** One value of a list query: what a query string can say. */
export type QueryValue =
  string | number | boolean | bigint | readonly (string | number | bigint)[] | undefined;

/**
 * Pagination and sorting (ark-core-api.md §2.3–§2.4) plus the route's own criteria, keyed as ARK's query string
 * keys them (`height.from`, `recipientId`, `username` …).
 */
export type ListQuery = Readonly<Record<string, QueryValue>> & {
  page?: number;
  limit?: number;
  offset?: number;
  orderBy?: string;
};

/** Per-call options of a reader that goes over a network (a local reader answers at once and ignores them). */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Told the base URL of the node whose answer this is, when a reader asks other nodes (a peer's answer is that
   * peer's claim, and what is shown of it names it). A local reader answers from its own chain and never calls it.
   */
  answeredBy?: (url: string) => void;
  /**
   * How old (less than) an answer of the same node to the same read may be to do instead of asking again (client/
   * shared-answers.ts: the reads that follow a node's tip). A local reader always answers from its chain.
   */
  reuseWithinMs?: number;
}

export interface ChainReader {
  configuration(options?: CallOptions): Promise<NodeConfiguration>;
  cryptoConfiguration(options?: CallOptions): Promise<CryptoConfiguration>;
  status(options?: CallOptions): Promise<NodeStatus>;
  syncing(options?: CallOptions): Promise<NodeSyncing>;
  /** Fee statistics: over `days` (1–30) or, without it, over each type's last 20 transactions (§9.7). */
  fees(days?: number, options?: CallOptions): Promise<NodeFees>;
  staticFees(options?: CallOptions): Promise<StaticFees>;
  blockchain(options?: CallOptions): Promise<Blockchain>;

  lastBlock(options?: CallOptions): Promise<BlockRecord>;
  /** A block by id, or by height when given a number (§6.2). */
  block(idOrHeight: string | number, options?: CallOptions): Promise<BlockRecord>;
  blocks(query?: ListQuery, options?: CallOptions): Promise<Page<BlockRecord>>;

  transactions(query?: ListQuery, options?: CallOptions): Promise<Page<TransactionRecord>>;
  transaction(id: string, options?: CallOptions): Promise<TransactionRecord>;
  unconfirmedTransactions(query?: ListQuery, options?: CallOptions): Promise<Page<TransactionRecord>>;
  /** A pooled transaction in its transformed form. */
  unconfirmedTransaction(id: string, options?: CallOptions): Promise<TransactionRecord>;

  /** By address, public key or delegate username. */
  wallet(id: string, options?: CallOptions): Promise<WalletRecord>;
  wallets(query?: ListQuery, options?: CallOptions): Promise<Page<WalletRecord>>;
  /** Sent and received, multipayments included (§6.6). */
  walletTransactions(id: string, query?: ListQuery, options?: CallOptions): Promise<Page<TransactionRecord>>;
  walletVotes(id: string, query?: ListQuery, options?: CallOptions): Promise<Page<TransactionRecord>>;
  walletLocks(id: string, query?: ListQuery, options?: CallOptions): Promise<Page<LockRecord>>;

  delegates(query?: ListQuery, options?: CallOptions): Promise<Page<DelegateRecord>>;
  delegate(id: string, options?: CallOptions): Promise<DelegateRecord>;
  delegateVoters(id: string, query?: ListQuery, options?: CallOptions): Promise<Page<WalletRecord>>;
  delegateBlocks(id: string, query?: ListQuery, options?: CallOptions): Promise<Page<BlockRecord>>;

  locks(query?: ListQuery, options?: CallOptions): Promise<Page<LockRecord>>;
  lock(id: string, options?: CallOptions): Promise<LockRecord>;
  /** The claims and refunds that closed these locks (ARK `POST /locks/unlocked`; the first 100). */
  unlockingTransactions(ids: readonly string[], options?: CallOptions): Promise<Page<TransactionRecord>>;

  peers(query?: ListQuery, options?: CallOptions): Promise<Page<PeerRecord>>;
  /** The active delegates of a round with their vote weights at its start (§6.11). */
  roundDelegates(round: number, options?: CallOptions): Promise<RoundDelegateRecord[]>;
}

/** A block, transaction, wallet, delegate, lock, entity or round the chain does not have (ARK's 404). */
export class NotFoundError extends CodedError<'ERR_NOT_FOUND'> {
  override readonly name = 'NotFoundError';

  /** `message` is ARK's own ("Block not found", "Wallet not found" …). */
  constructor(message: string) {
    super('ERR_NOT_FOUND', message);
  }
}

export function isNotFoundError(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError;
}
