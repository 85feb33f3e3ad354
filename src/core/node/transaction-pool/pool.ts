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
import { applyToSender, isApplyError, type HandlerContext } from '../transaction-handlers';
import { StateOverlay, type StateView } from '../state';
import {
  checkAdmission,
  decodeIncoming,
  passesBroadcastFee,
  type DecodeResult,
  type PoolCandidate,
} from './admission';
import { describeLazily } from './describe';
import type { AddTransactionsResult, Arrival, PoolEntry } from './entry';
import { evictionVictim } from './eviction';
import { PoolError, isPoolError } from './errors';
import { resolvePoolOptions, type PoolOptions, type PoolOptionsInput } from './options';
import { PendingClaims } from './pending-claims';
import { pendingKindConflict } from './pending-kinds';
import { PoolRepository } from '../../db/repositories/pool';
import { inSenderNonceOrder } from './pool-store';
import { inPriorityOrder } from './priority';
import { collectCandidates, isExpiredAt } from './collect';

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
  private readonly entries = new Map<string, PoolEntry>();
  /** Each sender's transactions in nonce order. */
  private readonly queues = new Map<string, PoolEntry[]>();
  /** Confirmed state + the sender's queue applied sender-side; rebuilt lazily after a block or a removal. */
  private readonly overlays = new Map<string, StateOverlay>();
  /** Delegate usernames, entity names and IPFS hashes claimed by pooled transactions (pending-claims.ts). */
  private readonly claims = new PendingClaims();
  private sequence = 0;

  private constructor(private readonly config: TransactionPoolConfig) {
    this.options = resolvePoolOptions(config.options);
    this.store = new PoolRepository(config.db);
  }

  /** Opens the pool and reloads what was persisted, revalidating every transaction against the current state. */
  static open(config: TransactionPoolConfig): TransactionPool {
    const pool = new TransactionPool(config);
    pool.readmitStored(new Set());
    return pool;
  }

  // Queries (the API's /transactions/unconfirmed) ----------------------------------------------------------

  size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): Readonly<PoolEntry> | undefined {
    return this.entries.get(id);
  }

  /** A page of the pool in ARK's highest-priority order. */
  all(offset = 0, limit = Number.MAX_SAFE_INTEGER): Readonly<PoolEntry>[] {
    return inPriorityOrder(this.queues.values()).slice(offset, offset + limit);
  }

  /** A sender's pooled transactions in nonce order. */
  bySender(publicKey: string): Readonly<PoolEntry>[] {
    return [...(this.queues.get(publicKey) ?? [])];
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

  private admitAll(items: readonly DecodeResult[]): AddTransactionsResult {
    const result: AddTransactionsResult = { accept: [], broadcast: [], excess: [], invalid: [], errors: {} };
    const ctx = this.context();
    items.forEach((decoded) => {
      try {
        if ('error' in decoded) throw decoded.error;
        this.admit(decoded.candidate, ctx, {
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

  /**
   * Every admission rule, then the entry joins its sender's queue. The row is written (committed with the
   * batch, before addDecoded returns), so an accepted transaction survives a crash;
   * `stored` rows (a restart, a revert) are already on disk.
   */
  private admit(candidate: PoolCandidate, ctx: HandlerContext, arrival: Arrival): void {
    const { tx, id } = candidate;
    const { receivedHeight, receivedAt } = arrival;
    const describe = describeLazily(tx, this.network.network.pubKeyHash);
    if (this.entries.has(id)) throw new PoolError('ERR_DUPLICATE', `${describe()} is already in pool`);
    checkAdmission(candidate, ctx, this.options, { signatureVerified: arrival.signatureVerified === true });

    const sender = tx.senderPublicKey;
    const queue = this.queues.get(sender) ?? [];
    if (queue.length >= this.options.maxTransactionsPerSender) {
      throw new PoolError(
        'ERR_EXCEEDS_MAX_COUNT',
        `${describe()} exceeds sender's ${this.options.maxTransactionsPerSender} transactions count limit`,
      );
    }
    const victim =
      this.entries.size < this.options.maxTransactionsInPool
        ? undefined
        : evictionVictim(this.queues, candidate.tx, describe);
    const pending = pendingKindConflict(
      tx,
      queue,
      () => this.chain.state().walletByPublicKey(sender).delegate?.username,
    );
    if (pending !== undefined)
      throw new PoolError('ERR_APPLY', `${describe()} cannot be applied: ${pending}`);
    this.claims.check(tx, id, describe);
    this.applyForSender(candidate.tx, describe, ctx);
    if (victim) this.removeWithSuccessors(victim);
    this.claims.add(tx, id);

    const entry: PoolEntry = {
      id,
      tx,
      bytes: candidate.bytes,
      senderPublicKey: sender,
      nonce: tx.nonce,
      fee: tx.fee,
      sequence: this.sequence++,
      receivedHeight,
      receivedAt,
    };
    queue.push(entry);
    this.queues.set(sender, queue);
    this.entries.set(id, entry);
    if (arrival.stored === true) return;
    this.store.insert({
      id,
      serialized: candidate.bytes,
      senderPublicKey: sender,
      nonce: tx.nonce,
      fee: tx.fee,
      receivedHeight,
      receivedAt,
    });
  }

  /** Sender-side application on the sender's overlay: ERR_APPLY with the handler's reason. */
  private applyForSender(tx: TransactionData, describe: () => string, ctx: HandlerContext): void {
    const overlay = this.senderOverlay(tx.senderPublicKey, ctx);
    try {
      // applyToSender checks first and changes nothing when the check fails.
      applyToSender(tx, overlay, ctx);
    } catch (error) {
      if (isApplyError(error))
        throw new PoolError('ERR_APPLY', `${describe()} cannot be applied: ${error.message}`);
      // Anything else is a defect: do not trust what the overlay holds now.
      this.overlays.delete(tx.senderPublicKey);
      throw error;
    }
  }

  private senderOverlay(sender: string, ctx: HandlerContext): StateOverlay {
    let overlay = this.overlays.get(sender);
    if (!overlay) {
      overlay = new StateOverlay(this.chain.state());
      // These were accepted against this same state (the cache is dropped whenever it changes).
      for (const entry of this.queues.get(sender) ?? []) applyToSender(entry.tx, overlay, ctx);
      this.overlays.set(sender, overlay);
    }
    return overlay;
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
      this.queues.values(),
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
    const removed = new Set<string>();
    for (const tx of block?.transactions ?? []) {
      if (tx.id !== undefined && this.entries.has(tx.id)) removed.add(tx.id);
    }
    this.overlays.clear();
    const ctx = this.context();
    const state = this.chain.state();
    for (const [sender, queue] of this.queues) {
      // Transactions whose nonce the chain already used (forged, here or in another block) go on their own.
      const confirmedNonce = state.walletByPublicKey(sender).nonce;
      const overlay = new StateOverlay(state);
      let failed = false;
      for (const entry of queue) {
        if (removed.has(entry.id)) continue;
        if (entry.nonce <= confirmedNonce) {
          removed.add(entry.id);
          continue;
        }
        failed ||=
          isExpiredAt(entry, ctx.height) || this.isTooOld(entry) || !this.reapplies(entry, overlay, ctx);
        if (failed) removed.add(entry.id);
      }
      if (!failed) this.overlays.set(sender, overlay);
    }
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
    const known = new Set(this.entries.keys());
    this.entries.clear();
    this.queues.clear();
    this.overlays.clear();
    this.claims.clear();
    this.readmitStored(known);
    this.changed();
  }

  /** Removes transactions by id (each with its sender's later transactions). */
  remove(ids: Iterable<string>): void {
    let changed = false;
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry) {
        this.removeWithSuccessors(entry);
        changed = true;
      }
    }
    if (changed) this.changed();
  }

  private reapplies(entry: PoolEntry, overlay: StateOverlay, ctx: HandlerContext): boolean {
    try {
      applyToSender(entry.tx, overlay, ctx);
      return true;
    } catch (error) {
      if (isApplyError(error)) return false;
      throw error;
    }
  }

  /** Never forged within maxTransactionAge blocks of its arrival. */
  private isTooOld(entry: PoolEntry): boolean {
    return this.chain.lastBlock().height - entry.receivedHeight >= this.options.maxTransactionAge;
  }

  private removeWithSuccessors(entry: PoolEntry): void {
    const queue = this.queues.get(entry.senderPublicKey) ?? [];
    this.drop(queue.filter((other) => other.nonce >= entry.nonce).map((other) => other.id));
  }

  private drop(ids: Iterable<string>): void {
    const list = [...ids];
    const senders = new Set<string>();
    for (const id of list) {
      const entry = this.entries.get(id);
      if (!entry) continue;
      this.entries.delete(id);
      this.claims.remove(entry.tx, id);
      senders.add(entry.senderPublicKey);
    }
    for (const sender of senders) {
      const rest = (this.queues.get(sender) ?? []).filter((entry) => this.entries.has(entry.id));
      if (rest.length > 0) this.queues.set(sender, rest);
      else this.queues.delete(sender);
      this.overlays.delete(sender);
    }
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
        this.admit(decoded.candidate, ctx, {
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
