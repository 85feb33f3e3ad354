/**
 * The admission rules that need the pool's contents (ARK core-transaction-pool 3.x `pool.ts` addTransaction and
 * `sender-state.ts` apply): after the stateless checks (admission.ts) a transaction must not be pooled already,
 * must fit its sender's and the pool's limits (evicting the lowest fee when the pool is full, eviction.ts), must
 * not repeat a pending kind or claim, and must apply sender-side on its sender's overlay. Then it joins its
 * sender's queue and its row is written.
 */
import type { Network } from '../../protocol/networks';
import type { TransactionData } from '../../protocol/transactions';
import { applyToSender, isApplyError, type HandlerContext } from '../transaction-handlers';
import type { StateView } from '../state';
import type { PoolRepository } from '../../db/repositories/pool';
import { checkAdmission, type PoolCandidate } from './admission';
import { describeLazily } from './describe';
import type { Arrival, PoolEntry } from './entry';
import { evictionVictim } from './eviction';
import { PoolError } from './errors';
import type { PoolOptions } from './options';
import { pendingKindConflict } from './pending-kinds';
import type { SenderQueues } from './sender-queues';

export interface QueueAdmissionParts {
  network: Network;
  options: PoolOptions;
  queues: SenderQueues;
  store: PoolRepository;
  /** The confirmed state. */
  state(): StateView;
  /** Takes an entry and its sender's later ones out of the pool (memory and disk). */
  removeWithSuccessors(entry: PoolEntry): void;
}

export class QueueAdmission {
  constructor(private readonly parts: QueueAdmissionParts) {}

  /**
   * Every admission rule, then the entry joins its sender's queue. The row is written (committed with the
   * batch, before addDecoded returns), so an accepted transaction survives a crash;
   * `stored` rows (a restart, a revert) are already on disk.
   */
  admit(candidate: PoolCandidate, ctx: HandlerContext, arrival: Arrival): void {
    const { tx, id } = candidate;
    const { receivedHeight, receivedAt } = arrival;
    const describe = describeLazily(tx, this.network.network.pubKeyHash);
    if (this.queues.has(id)) throw new PoolError('ERR_DUPLICATE', `${describe()} is already in pool`);
    checkAdmission(candidate, ctx, this.options, { signatureVerified: arrival.signatureVerified === true });

    const sender = tx.senderPublicKey;
    const queue = this.queues.queue(sender);
    if (queue.length >= this.options.maxTransactionsPerSender) {
      throw new PoolError(
        'ERR_EXCEEDS_MAX_COUNT',
        `${describe()} exceeds sender's ${this.options.maxTransactionsPerSender} transactions count limit`,
      );
    }
    const victim =
      this.queues.size < this.options.maxTransactionsInPool
        ? undefined
        : evictionVictim((except) => this.queues.lowestTail(except), candidate.tx, describe);
    const pending = pendingKindConflict(
      tx,
      queue,
      () => this.parts.state().walletByPublicKey(sender).delegate?.username,
    );
    if (pending !== undefined)
      throw new PoolError('ERR_APPLY', `${describe()} cannot be applied: ${pending}`);
    this.queues.claims.check(tx, id, describe);
    this.applyForSender(candidate.tx, describe, ctx);
    if (victim) this.parts.removeWithSuccessors(victim);

    const entry: PoolEntry = {
      id,
      tx,
      bytes: candidate.bytes,
      senderPublicKey: sender,
      nonce: tx.nonce,
      fee: tx.fee,
      sequence: this.queues.nextSequence(),
      receivedHeight,
      receivedAt,
    };
    this.queues.add(entry);
    if (arrival.stored === true) return;
    this.parts.store.insert({
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
    const overlay = this.queues.overlay(tx.senderPublicKey, this.parts.state(), ctx);
    try {
      // applyToSender checks first and changes nothing when the check fails.
      applyToSender(tx, overlay, ctx);
    } catch (error) {
      if (isApplyError(error))
        throw new PoolError('ERR_APPLY', `${describe()} cannot be applied: ${error.message}`);
      // Anything else is a defect: do not trust what the overlay holds now.
      this.queues.dropOverlay(tx.senderPublicKey);
      throw error;
    }
  }

  private get queues(): SenderQueues {
    return this.parts.queues;
  }

  private get options(): PoolOptions {
    return this.parts.options;
  }

  private get network(): Network {
    return this.parts.network;
  }
}
