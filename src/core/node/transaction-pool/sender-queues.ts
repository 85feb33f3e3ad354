/**
 * What the pool holds (docs/design/node.md "Pool"): its entries by id, each sender's queue in nonce order, the
 * names and hashes they claim, and each sender's overlay — the confirmed state with the sender's queue applied
 * sender-side (ARK core-transaction-pool 3.x `sender-state.ts`), built lazily and dropped whenever the sender's
 * queue or the confirmed state changes.
 */
import { applyToSender, type HandlerContext } from '../transaction-handlers';
import { StateOverlay, type StateView } from '../state';
import type { PoolEntry } from './entry';
import { EvictionOrder } from './eviction-order';
import { PendingClaims } from './pending-claims';

export class SenderQueues {
  private readonly entries = new Map<string, PoolEntry>();
  /** Each sender's transactions in nonce order. */
  private readonly queues = new Map<string, PoolEntry[]>();
  /** Confirmed state + the sender's queue applied sender-side; rebuilt lazily after a block or a removal. */
  private readonly overlays = new Map<string, StateOverlay>();
  /** Delegate usernames, entity names and IPFS hashes claimed by pooled transactions (pending-claims.ts). */
  readonly claims = new PendingClaims();
  /** Each sender's last transaction, the one a full pool may evict, lowest fee first (eviction.ts). */
  private readonly evictionOrder = new EvictionOrder(
    (entry) => this.entries.has(entry.id) && this.queues.get(entry.senderPublicKey)?.at(-1) === entry,
    () => [...this.queues.values()].map((queue) => queue.at(-1)!),
    () => this.queues.size,
  );
  private sequence = 0;

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): PoolEntry | undefined {
    return this.entries.get(id);
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * The last transaction of a sender other than `except` with the lowest fee (the latest arrival among equal
   * fees): what a full pool evicts first. Undefined when no other sender has a transaction.
   */
  lowestTail(except: string): PoolEntry | undefined {
    return this.evictionOrder.lowest(except);
  }

  /** Every sender's queue, keyed by sender public key. */
  bySender(): ReadonlyMap<string, readonly PoolEntry[]> {
    return this.queues;
  }

  /** A sender's queue in nonce order (empty when it has none). */
  queue(sender: string): readonly PoolEntry[] {
    return this.queues.get(sender) ?? [];
  }

  /** The arrival sequence number of the next entry (ties in priority and eviction go by it). */
  nextSequence(): number {
    return this.sequence++;
  }

  /** Appends an entry to its sender's queue (its nonce is the queue's next) and records its claims. */
  add(entry: PoolEntry): void {
    this.claims.add(entry.tx, entry.id);
    const queue = this.queues.get(entry.senderPublicKey) ?? [];
    queue.push(entry);
    this.queues.set(entry.senderPublicKey, queue);
    this.entries.set(entry.id, entry);
    this.evictionOrder.tail(entry);
  }

  /** The ids of `entry` and of every later transaction of its sender. */
  withSuccessors(entry: PoolEntry): string[] {
    return this.queue(entry.senderPublicKey)
      .filter((other) => other.nonce >= entry.nonce)
      .map((other) => other.id);
  }

  /** Takes entries out (unknown ids are ignored); their senders' overlays are rebuilt when next needed. */
  remove(ids: readonly string[]): void {
    const senders = new Set<string>();
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry) continue;
      this.entries.delete(id);
      this.claims.remove(entry.tx, id);
      senders.add(entry.senderPublicKey);
    }
    for (const sender of senders) {
      const rest = (this.queues.get(sender) ?? []).filter((entry) => this.entries.has(entry.id));
      if (rest.length > 0) {
        this.queues.set(sender, rest);
        this.evictionOrder.tail(rest.at(-1)!);
      } else this.queues.delete(sender);
      this.overlays.delete(sender);
    }
  }

  clear(): void {
    this.entries.clear();
    this.queues.clear();
    this.overlays.clear();
    this.claims.clear();
    this.evictionOrder.clear();
  }

  /** The sender's overlay on `state`, built from its queue when there is none. */
  overlay(sender: string, state: StateView, ctx: HandlerContext): StateOverlay {
    let overlay = this.overlays.get(sender);
    if (!overlay) {
      overlay = new StateOverlay(state);
      // These were accepted against this same state (the cache is dropped whenever it changes).
      for (const entry of this.queues.get(sender) ?? []) applyToSender(entry.tx, overlay, ctx);
      this.overlays.set(sender, overlay);
    }
    return overlay;
  }

  /** Forgets one sender's overlay (what it holds can no longer be trusted). */
  dropOverlay(sender: string): void {
    this.overlays.delete(sender);
  }

  /** After the confirmed state changed: every overlay goes, `rebuilt` ones (on the new state) take their place. */
  replaceOverlays(rebuilt: ReadonlyMap<string, StateOverlay>): void {
    this.overlays.clear();
    for (const [sender, overlay] of rebuilt) this.overlays.set(sender, overlay);
  }
}
