/**
 * The transaction pool (docs/design/node.md "Pool"), with the semantics of ARK core-transaction-pool
 * 3.x: per-sender queues in nonce order, each validated on an overlay of the confirmed state that holds the
 * sender's earlier pooled transactions (sender-side application, as ARK's SenderState), a dynamic fee floor,
 * per-sender and total limits with eviction of the lowest fee, expiry, persistence and revalidation after every
 * block.
 */
import type Database from 'better-sqlite3';
import type { Block } from '../../protocol/blocks';
import type { ChainContext, Network } from '../../protocol/networks';
import type { TransactionData } from '../../protocol/transactions';
import type { HandlerContext } from '../transaction-handlers';
import type { StateView } from '../state';
import { decodeIncoming, passesBroadcastFee, type DecodeResult } from './admission';
import type { AddTransactionsResult, PoolEntry } from './entry';
import { PoolError, isPoolError } from './errors';
import { resolvePoolOptions, type PoolOptions, type PoolOptionsInput } from './options';
import { QueueAdmission } from './queue-admission';
import { PoolRepository } from '../../db/repositories/pool';
import { inSenderNonceOrder } from './pool-store';
import { inPriorityOrder } from './priority';
import { collectCandidates } from './collect';
import { revalidateQueues } from './revalidate';
import { SenderQueues } from './sender-queues';

/** What the pool reads from the chain. */
export interface PoolChain {
  lastBlock(): { height: number; timestamp: number };
  /** The confirmed state. */
  state(): StateView;
}

export interface TransactionPoolConfig {
  db: Database.Database;
  network: Network;
  chain: PoolChain;
  options?: PoolOptionsInput;
  /** Unix milliseconds (tests pass a fixed clock). */
  now?: () => number;
  /** Called after every change of the pool's content. */
  onChange?: () => void;
}

export class TransactionPool {
  readonly options: PoolOptions;
  private readonly store: PoolRepository;
  private readonly queues = new SenderQueues();
  private readonly admission: QueueAdmission;

  private constructor(private readonly config: TransactionPoolConfig) {
    this.options = resolvePoolOptions(config.options);
    this.store = new PoolRepository(config.db);
    this.admission = new QueueAdmission({
      network: config.network,
      options: this.options,
      queues: this.queues,
      store: this.store,
      state: () => this.chain.state(),
      removeWithSuccessors: (entry) => this.removeWithSuccessors(entry),
    });
  }

  /** Opens the pool and reloads what was persisted, revalidating every transaction against the current state. */
  static open(config: TransactionPoolConfig): TransactionPool {
    const pool = new TransactionPool(config);
    pool.readmitStored(new Set());
    return pool;
  }

  // Queries (the API's /transactions/unconfirmed) ----------------------------------------------------------

  size(): number {
    return this.queues.size;
  }

  has(id: string): boolean {
    return this.queues.has(id);
  }

  get(id: string): Readonly<PoolEntry> | undefined {
    return this.queues.get(id);
  }

  /** A page of the pool in ARK's highest-priority order. */
  all(offset = 0, limit = Number.MAX_SAFE_INTEGER): Readonly<PoolEntry>[] {
    return inPriorityOrder(this.queues.bySender().values()).slice(offset, offset + limit);
  }

  /** A sender's pooled transactions in nonce order. */
  bySender(publicKey: string): Readonly<PoolEntry>[] {
    return [...this.queues.queue(publicKey)];
  }

  // Admission -------------------------------------------------------------------------------------------------

  /**
   * Adds transactions (serialized bytes, or data as POST /api/transactions receives them), each independently and
   * in order. The answer has the shape of POST /api/transactions (ark-core-api.md §7).
   */
  addTransactions(items: readonly (Uint8Array | TransactionData)[]): AddTransactionsResult {
    const ctx = this.context();
    return this.addDecoded(items.map((item, index) => decodeIncoming(item, index, ctx)));
  }

  /**
   * Adds transactions decoded already (`decodeIncoming`, or the API's own JSON decoding), each independently
   * and in order. Their rows are written in one SQLite transaction, committed before this returns.
   */
  addDecoded(items: readonly DecodeResult[]): AddTransactionsResult {
    return this.config.db.transaction(() => this.admitAll(items))();
  }

  /**
   * Several requests' batches (grouped-admission.ts), each admitted as `addDecoded` would, one after the other;
   * every row in one SQLite transaction, committed before this returns. Each batch's answer, in order.
   */
  addDecodedBatches(batches: readonly (readonly DecodeResult[])[]): AddTransactionsResult[] {
    return this.config.db.transaction(() => batches.map((items) => this.admitAll(items)))();
  }

  private admitAll(items: readonly DecodeResult[]): AddTransactionsResult {
    const result: AddTransactionsResult = { accept: [], broadcast: [], excess: [], invalid: [], errors: {} };
    const ctx = this.context();
    items.forEach((decoded) => {
      try {
        if ('error' in decoded) throw decoded.error;
        this.admission.admit(decoded.candidate, ctx, {
          receivedHeight: this.chain.lastBlock().height,
          receivedAt: this.now(),
        });
        result.accept.push(decoded.key);
        if (passesBroadcastFee(decoded.candidate, this.options)) result.broadcast.push(decoded.key);
      } catch (error) {
        if (!isPoolError(error)) throw error;
        result.invalid.push(decoded.key);
        if (error.code === 'ERR_EXCEEDS_MAX_COUNT') result.excess.push(decoded.key);
        result.errors[decoded.key] = { type: error.code, message: error.message };
      }
    });
    if (result.accept.length > 0) this.changed();
    return result;
  }

  // Block assembly ---------------------------------------------------------------------------------------------

  /**
   * The transactions of the next block: by fee priority while keeping each sender's nonce order (ARK's
   * Collator), each re-checked on one overlay of the confirmed state for the whole block. A candidate that no
   * longer applies leaves the pool with its sender's later transactions. Stops at `maxTransactions` or when the
   * next one (4 length bytes + its bytes) would not fit in `maxPayloadBytes`.
   */
  collectForBlock(
    maxTransactions: number,
    maxPayloadBytes: number,
    ctx: HandlerContext,
  ): Readonly<PoolEntry>[] {
    const { chosen, invalid } = collectCandidates(
      this.queues.bySender().values(),
      this.chain.state(),
      maxTransactions,
      maxPayloadBytes,
      ctx,
    );
    if (invalid.length > 0) {
      for (const entry of invalid) this.removeWithSuccessors(entry);
      this.changed();
    }
    return chosen;
  }

  // Maintenance -----------------------------------------------------------------------------------------------

  /**
   * After a block was applied (or reverted): its transactions leave the pool, then every sender's queue is
   * replayed on a fresh overlay of the new state; the first transaction that expired, aged out or no longer
   * applies leaves with every later one of its sender (they depend on it by nonce).
   */
  afterBlock(block?: Pick<Block, 'transactions'>): void {
    const inBlock = new Set<string>();
    for (const tx of block?.transactions ?? []) {
      if (tx.id !== undefined && this.queues.has(tx.id)) inBlock.add(tx.id);
    }
    const { removed, overlays } = revalidateQueues(
      this.queues.bySender(),
      this.chain.state(),
      this.context(),
      (entry) => this.isTooOld(entry),
      inBlock,
    );
    this.queues.replaceOverlays(overlays);
    if (removed.size > 0) {
      this.drop(removed);
      this.changed();
    }
  }

  /**
   * After blocks were reverted (ARK `readdTransactions`): the reverted blocks' transactions, which the chain put
   * back into the `pool` table in the revert's SQLite transaction (BlockStore.revertLastBlock `returnToPool`),
   * and the pool's own transactions are admitted again on the reverted state, each sender in nonce order; what
   * no longer applies leaves. Signatures of transactions that were in the pool already are not verified twice.
   */
  afterRevert(): void {
    const known = new Set(this.queues.ids());
    this.queues.clear();
    this.readmitStored(known);
    this.changed();
  }

  /** Removes transactions by id (each with its sender's later transactions). */
  remove(ids: Iterable<string>): void {
    let changed = false;
    for (const id of ids) {
      const entry = this.queues.get(id);
      if (entry) {
        this.removeWithSuccessors(entry);
        changed = true;
      }
    }
    if (changed) this.changed();
  }

  /** Never forged within maxTransactionAge blocks of its arrival. */
  private isTooOld(entry: PoolEntry): boolean {
    return this.chain.lastBlock().height - entry.receivedHeight >= this.options.maxTransactionAge;
  }

  private removeWithSuccessors(entry: PoolEntry): void {
    this.drop(this.queues.withSuccessors(entry));
  }

  /** Takes entries out of memory and their rows off disk. */
  private drop(ids: Iterable<string>): void {
    const list = [...ids];
    this.queues.remove(list);
    this.store.delete(list);
  }

  /**
   * Restart (and revert): every persisted row goes through admission again, in arrival order but each sender in
   * nonce order (a reverted block's rows may arrive after the sender's later pooled ones); what fails is deleted.
   * Rows whose id is in `verified` skip the signature check: they passed it in this process.
   */
  private readmitStored(verified: ReadonlySet<string>): void {
    const ctx = this.context();
    const rejected: string[] = [];
    for (const row of inSenderNonceOrder(this.store.all())) {
      const decoded = decodeIncoming(row.serialized, 0, ctx);
      try {
        if ('error' in decoded) throw decoded.error;
        if (this.chain.lastBlock().height - row.receivedHeight >= this.options.maxTransactionAge) {
          throw new PoolError('ERR_EXPIRED', `${decoded.key} is older than the maximum age`);
        }
        this.admission.admit(decoded.candidate, ctx, {
          receivedHeight: row.receivedHeight,
          receivedAt: row.receivedAt,
          stored: true,
          signatureVerified: verified.has(row.id),
        });
      } catch (error) {
        if (!isPoolError(error)) throw error;
        rejected.push(row.id);
      }
    }
    this.store.delete(rejected);
  }

  // Helpers ---------------------------------------------------------------------------------------------------

  private get chain(): PoolChain {
    return this.config.chain;
  }

  private get network(): Network {
    return this.config.network;
  }

  private now(): number {
    return this.config.now?.() ?? Date.now();
  }

  private changed(): void {
    this.config.onChange?.();
  }

  /** The context of the next block: what a pooled transaction will be applied in. */
  private context(): HandlerContext & ChainContext {
    const last = this.chain.lastBlock();
    return {
      network: this.network,
      height: last.height + 1,
      lastBlock: { height: last.height, timestamp: last.timestamp },
    };
  }
}
