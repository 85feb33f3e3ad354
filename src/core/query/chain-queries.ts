/**
 * ChainQueries: the reads of the chain of a node in this process, typed (docs/design/architecture.md "Chain
 * access"). One class per resource (`of.blocks`, `of.wallets` …) reads through db/read-model and builds ARK's
 * records; the public API maps those to ARK's JSON (api/resources), and ChainQueries itself is the ChainReader a
 * LocalChain offers the app — no HTTP, no JSON, no peer pool — answering exactly what NodeClient answers over the
 * API (tests/query/conformance.test.ts).
 */
import {
  NotFoundError,
  type BlockRecord,
  type Blockchain,
  type ChainReader,
  type CryptoConfiguration,
  type DelegateRecord,
  type ListQuery,
  type LockRecord,
  type NodeConfiguration,
  type NodeFees,
  type NodeStatus,
  type NodeSyncing,
  type Page,
  type PeerRecord,
  type RoundDelegateRecord,
  type StaticFees,
  type TransactionRecord,
  type WalletRecord,
} from '../domain';
import { BlockQueries } from './blocks';
import { queryContext, type QueryContext } from './context';
import { cryptoSummary } from './crypto-summary';
import { DelegateQueries } from './delegates';
import { EntityQueries } from './entities';
import { LockQueries } from './locks';
import { NodeStateQueries } from './node-state';
import { listRequestOf, pageOf } from './page';
import { PoolQueries } from './pool';
import { RandomnessQueries } from './randomness';
import type { QuerySource } from './source';
import { TransactionQueries, type TransactionScope } from './transactions';
import { WalletQueries } from './wallets';

/** Each resource's queries. */
export interface ResourceQueries {
  readonly blocks: BlockQueries;
  readonly transactions: TransactionQueries;
  readonly pool: PoolQueries;
  readonly wallets: WalletQueries;
  readonly delegates: DelegateQueries;
  readonly locks: LockQueries;
  readonly entities: EntityQueries;
  readonly node: NodeStateQueries;
  readonly randomness: RandomnessQueries;
}

/** Runs a synchronous read as a promise: what it throws becomes the rejection. */
function answer<T>(read: () => T): Promise<T> {
  return new Promise((resolve) => resolve(read()));
}

function found<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new NotFoundError(message);
  return value;
}

/** ARK: at most this many unlocking transactions per answer (NodeClient asks `limit=100`). */
const UNLOCKING_LIMIT = 100;

export class ChainQueries implements ChainReader {
  readonly of: ResourceQueries;
  /** The read model's context over the node's database (its statement cache runs every statement). */
  readonly context: QueryContext;

  constructor(readonly source: QuerySource) {
    const ctx = (this.context = queryContext(source));
    this.of = {
      blocks: new BlockQueries(ctx),
      transactions: new TransactionQueries(ctx),
      pool: new PoolQueries(ctx),
      wallets: new WalletQueries(ctx),
      delegates: new DelegateQueries(ctx),
      locks: new LockQueries(ctx),
      entities: new EntityQueries(ctx),
      node: new NodeStateQueries(ctx),
      randomness: new RandomnessQueries(ctx),
    };
  }

  configuration(): Promise<NodeConfiguration> {
    return answer(() => this.of.node.configuration());
  }

  cryptoConfiguration(): Promise<CryptoConfiguration> {
    return answer(() => cryptoSummary(this.of.node.network, this.of.node.genesis()));
  }

  status(): Promise<NodeStatus> {
    return answer(() => this.of.node.status());
  }

  syncing(): Promise<NodeSyncing> {
    return answer(() => this.of.node.syncing());
  }

  fees(days?: number): Promise<NodeFees> {
    return answer(() => this.of.node.fees(days));
  }

  staticFees(): Promise<StaticFees> {
    return answer(() => this.of.node.staticFees());
  }

  blockchain(): Promise<Blockchain> {
    return answer(() => this.of.node.blockchain());
  }

  lastBlock(): Promise<BlockRecord> {
    return answer(() => this.blockRecord(this.of.blocks.last()));
  }

  block(idOrHeight: string | number): Promise<BlockRecord> {
    return answer(() => this.blockRecord(this.of.blocks.find(String(idOrHeight))));
  }

  blocks(query?: ListQuery): Promise<Page<BlockRecord>> {
    return answer(() => {
      const request = listRequestOf(query);
      const page = this.of.blocks.list(request);
      return pageOf({ ...request, totalCount: page.totalCount, data: this.of.blocks.records(page.rows) });
    });
  }

  transactions(query?: ListQuery): Promise<Page<TransactionRecord>> {
    return answer(() => this.transactionPage(query));
  }

  transaction(id: string): Promise<TransactionRecord> {
    return answer(() => {
      const item = found(this.of.transactions.byId(id), 'Transaction not found');
      return this.of.transactions.records([item])[0]!;
    });
  }

  unconfirmedTransactions(query?: ListQuery): Promise<Page<TransactionRecord>> {
    return answer(() => {
      const request = listRequestOf(query);
      const page = this.of.pool.list(request);
      return pageOf({ ...request, totalCount: page.totalCount, data: this.of.pool.records(page.rows) });
    });
  }

  unconfirmedTransaction(id: string): Promise<TransactionRecord> {
    return answer(() => this.of.pool.records([found(this.of.pool.byId(id), 'Transaction not found')])[0]!);
  }

  wallet(id: string): Promise<WalletRecord> {
    return answer(() => this.of.wallets.records([found(this.of.wallets.find(id), 'Wallet not found')])[0]!);
  }

  wallets(query?: ListQuery): Promise<Page<WalletRecord>> {
    return answer(() => {
      const request = listRequestOf(query);
      const page = this.of.wallets.list(request);
      return pageOf({ ...request, totalCount: page.totalCount, data: this.of.wallets.records(page.rows) });
    });
  }

  walletTransactions(id: string, query?: ListQuery): Promise<Page<TransactionRecord>> {
    return answer(() => {
      const wallet = found(this.of.wallets.find(id), 'Wallet not found');
      return this.transactionPage(query, { wallet: wallet.address });
    });
  }

  walletVotes(id: string, query?: ListQuery): Promise<Page<TransactionRecord>> {
    return answer(() => {
      const wallet = found(this.of.wallets.find(id), 'Wallet not found');
      // ARK: a wallet without a public key has sent nothing, so it has no votes.
      if (wallet.publicKey === undefined) return this.transactionPage(query, 'none');
      return this.transactionPage(query, { votesOf: wallet.publicKey });
    });
  }

  walletLocks(id: string, query?: ListQuery): Promise<Page<LockRecord>> {
    return answer(() => {
      const wallet = found(this.of.wallets.find(id), 'Wallet not found');
      const request = listRequestOf(query);
      const page = this.of.locks.list(request, { sender: wallet.address });
      return pageOf({ ...request, totalCount: page.totalCount, data: this.of.locks.records(page.rows) });
    });
  }

  delegates(query?: ListQuery): Promise<Page<DelegateRecord>> {
    return answer(() => {
      const request = listRequestOf(query);
      const page = this.of.delegates.list(request);
      return pageOf({ ...request, totalCount: page.totalCount, data: page.rows });
    });
  }

  delegate(id: string): Promise<DelegateRecord> {
    return answer(() => this.delegateOf(id));
  }

  delegateVoters(id: string, query?: ListQuery): Promise<Page<WalletRecord>> {
    return answer(() => {
      const delegate = this.delegateOf(id);
      const request = listRequestOf(query);
      const page = this.of.wallets.list(request, { voterOf: delegate.publicKey });
      return pageOf({ ...request, totalCount: page.totalCount, data: this.of.wallets.records(page.rows) });
    });
  }

  delegateBlocks(id: string, query?: ListQuery): Promise<Page<BlockRecord>> {
    return answer(() => {
      const delegate = this.delegateOf(id);
      const request = listRequestOf(query);
      const page = this.of.blocks.list(request, { generator: delegate.publicKey });
      return pageOf({ ...request, totalCount: page.totalCount, data: this.of.blocks.records(page.rows) });
    });
  }

  locks(query?: ListQuery): Promise<Page<LockRecord>> {
    return answer(() => {
      const request = listRequestOf(query);
      const page = this.of.locks.list(request);
      return pageOf({ ...request, totalCount: page.totalCount, data: this.of.locks.records(page.rows) });
    });
  }

  lock(id: string): Promise<LockRecord> {
    return answer(() => this.of.locks.records([found(this.of.locks.open(id), 'Lock not found')])[0]!);
  }

  unlockingTransactions(ids: readonly string[]): Promise<Page<TransactionRecord>> {
    const unlocking = [...new Set(ids.map((id) => id.toLowerCase()))];
    return answer(() => this.transactionPage({ limit: UNLOCKING_LIMIT }, { unlocking }));
  }

  peers(query?: ListQuery): Promise<Page<PeerRecord>> {
    return answer(() => {
      const request = listRequestOf(query);
      const peers = sortedPeers(this.of.node.peers(), query?.orderBy);
      const { start, limit } = request.window;
      return pageOf({ ...request, totalCount: peers.length, data: peers.slice(start, start + limit) });
    });
  }

  roundDelegates(round: number): Promise<RoundDelegateRecord[]> {
    return answer(() => {
      const delegates = this.of.delegates.round(round);
      if (delegates.length === 0) throw new NotFoundError('Round not found');
      return delegates;
    });
  }

  private blockRecord(block: Parameters<BlockQueries['records']>[0][number] | undefined): BlockRecord {
    return this.of.blocks.records([found(block, 'Block not found')])[0]!;
  }

  private delegateOf(id: string): DelegateRecord {
    const lookup = this.of.delegates.find(id);
    if ('missing' in lookup) throw new NotFoundError(lookup.missing);
    return lookup.delegate;
  }

  /** A page of confirmed transactions with their block; `'none'` is an empty page (a wallet that sent nothing). */
  private transactionPage(query: ListQuery | undefined, scope?: TransactionScope | 'none') {
    const request = listRequestOf(query);
    if (scope === 'none') return pageOf({ ...request, totalCount: 0, data: [] });
    const page = this.of.transactions.list(request, scope);
    return pageOf({ ...request, totalCount: page.totalCount, data: this.of.transactions.records(page.rows) });
  }
}

const PEER_SORTABLE = new Set(['ip', 'port', 'version', 'height', 'latency']);

/** The followed peers in the order asked (ARK's default: latency ascending); unknown properties sort nothing. */
export function sortedPeers(peers: PeerRecord[], orderBy: unknown): PeerRecord[] {
  const [property = 'latency', direction = 'asc'] = typeof orderBy === 'string' ? orderBy.split(':') : [];
  if (!PEER_SORTABLE.has(property)) return peers;
  const key = property as 'ip' | 'port' | 'version' | 'height' | 'latency';
  const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
  return [...peers].sort((a, b) => (a[key] < b[key] ? -sign : a[key] > b[key] ? sign : 0));
}
