/**
 * NodeClient: typed access to any ARK Core 3.x-compatible node (the embedded one or remote ones) through the peer
 * pool of its network. Every answer is checked against the ARK response shape (schemas/) and amounts come back as
 * bigint (schemas/common.ts). Route meanings: ark-core-api.md §6 and §9.
 */
import {
  broadcastTransactions,
  type BroadcastOptions,
  type BroadcastResult,
  type TransactionPayload,
} from './broadcast';
import type {
  BlockRecord,
  Blockchain,
  CallOptions,
  ChainReader,
  CryptoConfiguration,
  DelegateRecord,
  ListQuery,
  LockRecord,
  NodeConfiguration,
  NodeFees,
  NodeStatus,
  NodeSyncing,
  Page,
  PeerRecord,
  RoundDelegateRecord,
  StaticFees,
  TransactionRecord,
  WalletRecord,
} from '../domain';
import type { Query } from './http';
import type { PeerStatus } from './peer-health';
import { PeerPool, type PeerPoolOptions } from './peer-pool';
import { dataOf, PAGE_LIMIT, pageLimit, pageOf } from './schemas/common';
import {
  blockchain,
  cryptoConfiguration,
  nodeConfiguration,
  nodeFees,
  nodeStatus,
  nodeSyncing,
  staticFees,
} from './schemas/node';
import { postTransactionsAnswer, type PostTransactionsAnswer } from './schemas/post';
import { block, delegate, lock, peer, roundDelegate, transaction, wallet } from './schemas/resources';
import { z } from 'zod';

export type { CallOptions, ChainReader, ListQuery };

export type NodeClientOptions = PeerPoolOptions;

const blockData = dataOf(block);
const transactionData = dataOf(transaction);
const walletData = dataOf(wallet);
const delegateData = dataOf(delegate);
const lockData = dataOf(lock);

function segment(id: string | number): string {
  return encodeURIComponent(String(id));
}

export class NodeClient implements ChainReader {
  readonly peerPool: PeerPool;

  constructor(peers: readonly string[], options: NodeClientOptions = {}) {
    this.peerPool = new PeerPool(peers, options);
  }

  private async get<T>(
    route: string,
    schema: z.ZodType<T>,
    query?: Query,
    options: CallOptions = {},
  ): Promise<T> {
    const answer = await this.peerPool.request({
      method: 'GET',
      route,
      schema,
      ...(query === undefined ? {} : { query }),
      ...options,
    });
    return answer.value;
  }

  /** A page of a list route, refused when it holds more items than the query's limit allows (pageOf). */
  private page<T>(
    route: string,
    item: z.ZodType<T>,
    query: ListQuery,
    options: CallOptions | undefined,
  ): Promise<Page<T>> {
    return this.get(route, pageOf(item, pageLimit(query.limit)), query, options);
  }

  // Peers -----------------------------------------------------------------------------------------------------

  /** Replaces the peer list (peers that stay keep their health). */
  setPeers(urls: readonly string[]): void {
    this.peerPool.setPeers(urls);
  }

  peerStatuses(): PeerStatus[] {
    return this.peerPool.statuses();
  }

  /** Asks every peer (except rate-limited ones) for /node/syncing at once, to refresh latency, health and height. */
  async refresh(options: CallOptions = {}): Promise<PeerStatus[]> {
    const syncing = dataOf(nodeSyncing);
    await Promise.allSettled(
      this.peerPool
        .candidates()
        .map((peer) =>
          this.peerPool.attempt(peer, { method: 'GET', route: '/node/syncing', schema: syncing, ...options }),
        ),
    );
    return this.peerPool.statuses();
  }

  // Node and chain (§9, §6.1) ---------------------------------------------------------------------------------

  configuration(options?: CallOptions): Promise<NodeConfiguration> {
    return this.get('/node/configuration', dataOf(nodeConfiguration), undefined, options);
  }

  cryptoConfiguration(options?: CallOptions): Promise<CryptoConfiguration> {
    return this.get('/node/configuration/crypto', dataOf(cryptoConfiguration), undefined, options);
  }

  status(options?: CallOptions): Promise<NodeStatus> {
    return this.get('/node/status', dataOf(nodeStatus), undefined, options);
  }

  syncing(options?: CallOptions): Promise<NodeSyncing> {
    return this.get('/node/syncing', dataOf(nodeSyncing), undefined, options);
  }

  /** Fee statistics: over `days` (1–30) or, without it, over each type's last 20 transactions (§9.7). */
  fees(days?: number, options?: CallOptions): Promise<NodeFees> {
    return this.get('/node/fees', nodeFees, days === undefined ? undefined : { days }, options);
  }

  staticFees(options?: CallOptions): Promise<StaticFees> {
    return this.get('/transactions/fees', dataOf(staticFees), undefined, options);
  }

  blockchain(options?: CallOptions): Promise<Blockchain> {
    return this.get('/blockchain', dataOf(blockchain), undefined, options);
  }

  // Blocks (§6.2) ---------------------------------------------------------------------------------------------

  lastBlock(options?: CallOptions): Promise<BlockRecord> {
    return this.get('/blocks/last', blockData, undefined, options);
  }

  /** A block by id, or by height when given a number (§6.2). */
  block(idOrHeight: string | number, options?: CallOptions): Promise<BlockRecord> {
    return this.get(`/blocks/${segment(idOrHeight)}`, blockData, undefined, options);
  }

  blocks(query: ListQuery = {}, options?: CallOptions): Promise<Page<BlockRecord>> {
    return this.page('/blocks', block, query, options);
  }

  // Transactions (§6.3, §7) -----------------------------------------------------------------------------------

  transactions(query: ListQuery = {}, options?: CallOptions): Promise<Page<TransactionRecord>> {
    return this.page('/transactions', transaction, query, options);
  }

  transaction(id: string, options?: CallOptions): Promise<TransactionRecord> {
    return this.get(`/transactions/${segment(id)}`, transactionData, undefined, options);
  }

  unconfirmedTransactions(query: ListQuery = {}, options?: CallOptions): Promise<Page<TransactionRecord>> {
    return this.page('/transactions/unconfirmed', transaction, query, options);
  }

  /** `transform=true` is explicit: without it ARK answers the raw form on this route (§2.5). */
  unconfirmedTransaction(id: string, options?: CallOptions): Promise<TransactionRecord> {
    return this.get(
      `/transactions/unconfirmed/${segment(id)}`,
      transactionData,
      { transform: true },
      options,
    );
  }

  /** POST to one peer (with failover); see broadcast() to reach several. */
  async postTransactions(
    transactions: readonly TransactionPayload[],
    options: CallOptions = {},
  ): Promise<PostTransactionsAnswer> {
    const answer = await this.peerPool.request({
      method: 'POST',
      route: '/transactions',
      body: { transactions },
      schema: postTransactionsAnswer,
      ...options,
    });
    return answer.value;
  }

  broadcast(
    transactions: readonly TransactionPayload[],
    options?: BroadcastOptions,
  ): Promise<BroadcastResult> {
    return broadcastTransactions(this.peerPool, transactions, options);
  }

  // Wallets (§6.6) --------------------------------------------------------------------------------------------

  /** By address, public key or delegate username. */
  wallet(id: string, options?: CallOptions): Promise<WalletRecord> {
    return this.get(`/wallets/${segment(id)}`, walletData, undefined, options);
  }

  wallets(query: ListQuery = {}, options?: CallOptions): Promise<Page<WalletRecord>> {
    return this.page('/wallets', wallet, query, options);
  }

  /** Sent and received, multipayments included (§6.6). */
  walletTransactions(
    id: string,
    query: ListQuery = {},
    options?: CallOptions,
  ): Promise<Page<TransactionRecord>> {
    return this.page(`/wallets/${segment(id)}/transactions`, transaction, query, options);
  }

  walletVotes(id: string, query: ListQuery = {}, options?: CallOptions): Promise<Page<TransactionRecord>> {
    return this.page(`/wallets/${segment(id)}/votes`, transaction, query, options);
  }

  walletLocks(id: string, query: ListQuery = {}, options?: CallOptions): Promise<Page<LockRecord>> {
    return this.page(`/wallets/${segment(id)}/locks`, lock, query, options);
  }

  // Delegates (§6.5) ------------------------------------------------------------------------------------------

  delegates(query: ListQuery = {}, options?: CallOptions): Promise<Page<DelegateRecord>> {
    return this.page('/delegates', delegate, query, options);
  }

  delegate(id: string, options?: CallOptions): Promise<DelegateRecord> {
    return this.get(`/delegates/${segment(id)}`, delegateData, undefined, options);
  }

  delegateVoters(id: string, query: ListQuery = {}, options?: CallOptions): Promise<Page<WalletRecord>> {
    return this.page(`/delegates/${segment(id)}/voters`, wallet, query, options);
  }

  delegateBlocks(id: string, query: ListQuery = {}, options?: CallOptions): Promise<Page<BlockRecord>> {
    return this.page(`/delegates/${segment(id)}/blocks`, block, query, options);
  }

  // Locks, peers, rounds (§6.7, §6.10, §6.11) -----------------------------------------------------------------

  locks(query: ListQuery = {}, options?: CallOptions): Promise<Page<LockRecord>> {
    return this.page('/locks', lock, query, options);
  }

  lock(id: string, options?: CallOptions): Promise<LockRecord> {
    return this.get(`/locks/${segment(id)}`, lockData, undefined, options);
  }

  /** The claims and refunds that closed these locks (ARK `POST /locks/unlocked` with `{ids}`; at most 100 ids). */
  async unlockingTransactions(
    ids: readonly string[],
    options: CallOptions = {},
  ): Promise<Page<TransactionRecord>> {
    const answer = await this.peerPool.request({
      method: 'POST',
      route: '/locks/unlocked',
      query: { limit: PAGE_LIMIT },
      body: { ids },
      schema: pageOf(transaction, PAGE_LIMIT),
      ...options,
    });
    return answer.value;
  }

  peers(query: ListQuery = {}, options?: CallOptions): Promise<Page<PeerRecord>> {
    return this.page('/peers', peer, query, options);
  }

  /** The active delegates of a round with their vote weights at its start (§6.11). */
  roundDelegates(round: number, options?: CallOptions): Promise<RoundDelegateRecord[]> {
    return this.get(
      `/rounds/${segment(round)}/delegates`,
      dataOf(z.array(roundDelegate)),
      undefined,
      options,
    );
  }
}
