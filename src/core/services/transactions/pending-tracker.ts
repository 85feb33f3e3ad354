/**
 * Pending transactions: what this app sent, from broadcast to confirmation. Each entry moves
 * broadcast → in-pool → confirmed, or ends rejected (a node refused it, with the reason) or expired (no block
 * included it within the pool's maximum age, ARK maxTransactionAge). While it waits, a plain-words reason says
 * why it may be stuck (stuck-reason.ts). Checks run on every new block of the network (its ChainAccess events,
 * chain-watch.ts), through the network's chain reads; only public transaction data is kept. The list is saved
 * to disk after every change (pending-store.ts), so a restart resumes following it.
 *
 * A block of a node in this process is verified, so its confirmation is final. A remote node's answer is its
 * claim (docs/design/security.md "Remote nodes"): it confirms only when it is about this very transaction
 * (pending-answer.ts), it is worded as that node's report, and it is read again on every check until a check finds
 * it a round deep (remote-claims.ts); a node that no longer has it sends the entry back to waiting. Remote nodes send
 * no `revert` event (chain-access RemoteChain polls heights only), so reading again is the only way to see a claim
 * withdrawn.
 */
import { isClientError } from '../../client';
import { transactionFromJson } from '../../protocol/transactions';
import type { PendingStatus, PendingView } from '../../../shared/domain/transactions';
import type { AppEvents } from '../events';
import type { Networks } from '../networks/networks';
import {
  FINAL_STATUSES,
  loadPending,
  PendingFile,
  prunePending,
  type PendingRecord,
  type SentTransaction,
} from './pending-store';
import { readPendingAnswer } from './pending-reading';
import { expiresAt, pendingView } from './pending-view';
import { claimWithdrawn, expiredReason, NOT_IN_ANY_POOL, refusalReason } from './reasons';
import { RemoteClaims } from './remote-claims';
import { broadcastOutcome } from './broadcast-outcome';
import { stuckReason } from './stuck-reason';
import { unless404 } from '../../client';
import { ServiceError } from '../service-error';

export interface TrackInput extends SentTransaction {
  /** Chain height when it was broadcast. */
  height: number;
}

type Entry = PendingRecord;

const FINAL = FINAL_STATUSES;

export interface PendingTrackerOptions {
  now?: () => number;
  /** Where the list is kept (`<dataDir>/profiles/<profile>/pending.json`); absent: memory only. */
  path?: string;
}

export class PendingTracker {
  private entries = new Map<string, Entry>();
  private readonly tips = new Map<string, number>();
  private readonly claims: RemoteClaims;
  private readonly now: () => number;
  private readonly file: PendingFile | undefined;
  private saveFailing = false;

  constructor(
    private readonly networks: Networks,
    private readonly events: AppEvents,
    options: PendingTrackerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.claims = new RemoteClaims((networkId) => networks.entry(networkId).network);
    this.file =
      options.path === undefined
        ? undefined
        : new PendingFile(options.path, () => [...this.entries.values()], {
            saved: () => {
              this.saveFailing = false;
            },
            failed: (error) => this.saveFailed(error),
          });
  }

  /**
   * A tracker that resumes the list saved at `options.path`: open entries are checked again on the next block, and
   * can be rebroadcast. A damaged file starts an empty (or shorter) list with one alert, never a failure to open.
   */
  static async open(
    networks: Networks,
    events: AppEvents,
    options: PendingTrackerOptions & { path: string },
  ): Promise<PendingTracker> {
    const tracker = new PendingTracker(networks, events, options);
    const loaded = await loadPending(
      options.path,
      (id) => networks.registry.find(id)?.network,
      tracker.now(),
    );
    for (const record of loaded.records) tracker.entries.set(record.id, record);
    if (loaded.problem !== undefined) {
      events.alert(
        'warning',
        'PENDING_LIST_DAMAGED',
        `Pending transactions: ${loaded.problem}. Sent transactions are still on the chain; see the wallet history.`,
      );
    }
    return tracker;
  }

  /** Resolves once every change so far is saved. */
  flush(): Promise<void> {
    return this.file?.flush() ?? Promise.resolve();
  }

  track(
    input: TrackInput,
    outcome: { accepted: boolean; error?: { type: string; message: string } },
  ): PendingView {
    const { height, ...rest } = input;
    const at = this.now();
    const entry: Entry = {
      ...rest,
      id: input.json.id,
      status: outcome.accepted ? 'broadcast' : 'rejected',
      reason: outcome.error === undefined ? undefined : refusalReason(outcome.error),
      confirmedHeight: undefined,
      reportedBy: undefined,
      sentHeight: height,
      broadcastHeight: height,
      createdAt: at,
      lastBroadcastAt: at,
      broadcastCount: 1,
    };
    this.entries.set(entry.id, entry);
    // The bound (a week, at most PENDING_MAX_ENTRIES) is applied when the list grows.
    this.entries = new Map(prunePending([...this.entries.values()], at).map((e) => [e.id, e]));
    this.claims.keepReads((id) => this.entries.has(id));
    this.noteTip(input.networkId, height);
    const view = this.view(entry);
    this.events.emit('tx:status', view);
    this.file?.schedule();
    return view;
  }

  list(networkId?: string): PendingView[] {
    return [...this.entries.values()]
      .filter((entry) => networkId === undefined || entry.networkId === networkId)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((entry) => this.view(entry));
  }

  get(id: string): PendingView {
    return this.view(this.entry(id));
  }

  dismiss(id: string): void {
    this.entry(id);
    this.entries.delete(id);
    this.claims.forgetRead(id);
    this.file?.schedule();
  }

  /** This sender's transactions still on their way (broadcast or in a pool) on that network. */
  inFlight(networkId: string, sender: string): readonly PendingRecord[] {
    return [...this.entries.values()].filter(
      (entry) =>
        entry.networkId === networkId &&
        entry.sender === sender &&
        (entry.status === 'broadcast' || entry.status === 'in-pool'),
    );
  }

  /** The highest nonce of this sender still on its way (broadcast or in a pool) on that network. */
  highestInFlightNonce(networkId: string, sender: string): bigint | undefined {
    let highest: bigint | undefined;
    for (const entry of this.entries.values()) {
      if (entry.networkId !== networkId || entry.sender !== sender) continue;
      if (entry.status !== 'broadcast' && entry.status !== 'in-pool') continue;
      if (highest === undefined || entry.nonce > highest) highest = entry.nonce;
    }
    return highest;
  }

  /** Posts the same signed transaction again to the network's peers. */
  async rebroadcast(id: string): Promise<PendingView> {
    const entry = this.entry(id);
    if (entry.status === 'confirmed') return this.view(entry);
    const network = this.networks.entry(entry.networkId).network;
    // Parsed as it was when it was tracked or loaded (pending-store.ts), at the height it was broadcast.
    const signed = transactionFromJson(entry.json, { network, height: Math.max(1, entry.broadcastHeight) });
    const result = await this.networks.chain(entry.networkId).broadcast([signed]);
    const outcome = broadcastOutcome(result, id);
    entry.lastBroadcastAt = this.now();
    entry.broadcastCount += 1;
    const tip = this.tips.get(entry.networkId) ?? entry.broadcastHeight;
    if (outcome.accepted) {
      // A fresh broadcast starts a fresh pool age.
      entry.broadcastHeight = tip;
      this.change(entry, 'broadcast', undefined);
    } else if (outcome.error !== undefined) {
      this.change(entry, 'rejected', refusalReason(outcome.error));
    }
    this.file?.schedule();
    return this.view(entry);
  }

  /** Fast path for a block seen in this process (the embedded node): its transactions are confirmed. */
  confirmInBlock(networkId: string, height: number, ids: readonly string[]): void {
    this.noteTip(networkId, height);
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry === undefined || entry.networkId !== networkId) continue;
      // A remote's claim becomes a fact here; a block this process verified already stays as it is.
      if (entry.status === 'confirmed' && entry.reportedBy === undefined) continue;
      this.confirm(entry, height, undefined);
    }
  }

  /** After blocks were reverted: what they confirmed is pending again until the next check. */
  reverted(networkId: string, height: number): void {
    this.tips.set(networkId, height);
    for (const entry of this.entries.values()) {
      if (
        entry.networkId === networkId &&
        entry.status === 'confirmed' &&
        (entry.confirmedHeight ?? 0) > height
      ) {
        entry.confirmedHeight = undefined;
        entry.reportedBy = undefined;
        this.claims.forgetRead(entry.id);
        this.change(entry, 'broadcast', undefined);
      }
    }
  }

  /**
   * Re-reads every open entry of the network from its node, and every remote claim not yet settled; a node that
   * cannot be reached changes nothing.
   */
  async check(networkId: string, tip: number): Promise<void> {
    this.noteTip(networkId, tip);
    const open = [...this.entries.values()].filter(
      (e) => e.networkId === networkId && (!FINAL.has(e.status) || this.claims.unsettled(e)),
    );
    await Promise.all(open.map((entry) => this.checkOne(entry, tip)));
  }

  private async checkOne(entry: Entry, tip: number): Promise<void> {
    const chain = this.networks.chain(entry.networkId);
    try {
      const reading = await readPendingAnswer(entry, chain);
      if (reading.kind === 'unsure') return;
      if (reading.kind === 'in-block') {
        this.claims.clearMisses(entry.id);
        this.confirm(entry, reading.height, reading.reportedBy, tip);
        return;
      }
      let reason = reading.kind === 'bad-answer' ? reading.reason : undefined;
      const claim = entry.status === 'confirmed' ? entry.confirmedHeight : undefined;
      if (claim !== undefined) {
        // A reader that has not reached that block yet (a node catching up) cannot say the block lacks it.
        if (reading.kind === 'in-no-block' && tip < claim) return;
        // One answer without it may be a peer of the network that lags behind the one that reported it (a 404
        // ends the failover): a claim is dropped only once CLAIM_MISSES checks in a row found it nowhere.
        if (!this.claims.missed(entry.id)) return;
        reason ??= claimWithdrawn(entry.reportedBy ?? 'The node', claim);
      }
      this.claims.clearMisses(entry.id);
      this.claims.forgetRead(entry.id);
      const expired = tip >= expiresAt(entry);
      const pooled = expired ? undefined : await unless404(chain.reads.unconfirmedTransaction(entry.id));
      // Every read is done: only now does the entry change, so a failed read leaves it as it was.
      entry.confirmedHeight = undefined;
      entry.reportedBy = undefined;
      if (expired) this.change(entry, 'expired', expiredReason(entry.maxAge));
      else if (pooled === undefined) this.change(entry, 'broadcast', reason ?? NOT_IN_ANY_POOL);
      else this.change(entry, 'in-pool', reason ?? stuckReason(entry, tip, this.entries.values()));
    } catch (error) {
      if (!isClientError(error)) throw error;
      // Unreachable node: the next block (or poll) tries again.
    }
  }

  /**
   * In a block at `height`, by the word of `reportedBy` (undefined: a block this process verified), read at the
   * check of `tip`. A claim read a round deep is final (confirmationFinal) and said so, even when nothing else moved.
   */
  private confirm(entry: Entry, height: number, reportedBy: string | undefined, tip: number = height): void {
    const wasFinal = this.confirmationFinal(entry);
    const moved = entry.confirmedHeight !== height || entry.reportedBy !== reportedBy;
    entry.confirmedHeight = height;
    entry.reportedBy = reportedBy;
    if (reportedBy === undefined) this.claims.forgetRead(entry.id);
    else this.claims.readTrue(entry.id, tip);
    if (entry.status !== 'confirmed' || entry.reason !== undefined)
      this.change(entry, 'confirmed', undefined);
    else if (moved || wasFinal !== this.confirmationFinal(entry)) this.changed(entry);
  }

  private confirmationFinal(entry: Entry): boolean {
    return entry.status === 'confirmed' && !this.claims.unsettled(entry);
  }

  private change(entry: Entry, status: PendingStatus, reason: string | undefined): void {
    if (entry.status === status && entry.reason === reason) return;
    entry.status = status;
    entry.reason = reason;
    this.changed(entry);
  }

  private changed(entry: Entry): void {
    this.events.emit('tx:status', this.view(entry));
    this.file?.schedule();
  }

  private saveFailed(error: unknown): void {
    if (this.saveFailing) return;
    // One alert per failing stretch; the list itself stays right in memory and the next change tries again.
    this.saveFailing = true;
    this.events.alert(
      'warning',
      'PENDING_SAVE_FAILED',
      `The pending-transaction list could not be saved: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  private noteTip(networkId: string, height: number): void {
    if (height > (this.tips.get(networkId) ?? 0)) this.tips.set(networkId, height);
  }

  private entry(id: string): Entry {
    const entry = this.entries.get(id);
    if (entry === undefined) {
      throw new ServiceError('ERR_PENDING_NOT_FOUND', 'This transaction is not in the pending list.');
    }
    return entry;
  }

  private view(entry: Entry): PendingView {
    const tip = this.tips.get(entry.networkId) ?? entry.broadcastHeight;
    return pendingView(entry, tip, this.confirmationFinal(entry));
  }
}
