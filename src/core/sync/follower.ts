/**
 * The follower (docs/design/sync.md): keeps a node's chain equal to its peers' — downloading blocks in order,
 * verifying each exactly as the node verifies its own (`applyBlock`), storing only what passed — and then follows
 * the chain as it grows, polling about once a second.
 *
 * - Pipelined: while one run of blocks is applied on this thread, the next is downloaded and its signatures are
 *   verified on the worker threads (`prepareBlocks`).
 * - Peers are chosen by what they delivered (verified blocks per request, latency, failures: peer-ledger.ts and
 *   client/peer-health.ts), never by the height they claim; a claim above what the slots allow is not believed.
 * - Each request asks from the follower's own tip height, so the first block answered must be the tip itself:
 *   when it is not, the peer's competing chain is examined before anything is reverted (fork-resolution.ts).
 * - No peer can stop the follower: whatever a peer does is that peer's failure (it backs off), or proof that it
 *   lies (it is banned for `banMs`), or a verified chain deeper than we revert (it is no longer followed). Only a
 *   local fault (disk, database), a rule Votary lacks for a block that verifies (ARK's exceptions list, pre-aip11
 *   transactions), or `stop()` ends it.
 */
import { EventEmitter, setMaxListeners } from 'node:events';
import type { PeerHealth } from '../client/peer-health';
import { ARK_API_RATE_LIMIT } from '../client/rate-budget';
import { isBlockRejectedError } from '../node/block-store';
import type { Block } from '../protocol/blocks';
import { milestoneAt } from '../protocol/networks';
import { BlockDownload, PAGE_LIMIT, TRANSACTION_FETCH_CONCURRENCY } from './block-download';
import { P2P_BATCH, P2pBlockSource } from './p2p-blocks';
import { isSyncError, SyncError } from './errors';
import type { FollowerOptions } from './follower-options';
import { hedgedAnswer } from './hedged-answer';
import { heightBound } from '../protocol/time';
import { choosePeer } from './peer-choice';
import { PeerBans } from './peer-bans';
import { PeerFaults } from './peer-faults';
import { PeerLedger } from './peer-ledger';
import { checkNotExcepted } from './raw-block';
import { MAX_PIPELINE_DEPTH, pipelineDepth, RunQueue } from './run-queue';
import { judgeUnsupported } from './unsupported-block';
import { UnsupportedClaims } from './unsupported-claims';
import { buildStatus } from './status-report';
import { SyncRate } from './sync-rate';
import type { FollowedPeerStatus, SyncStatus } from './sync-status';

export type { FollowedPeerStatus, SyncState, SyncStatus } from './sync-status';
export type { FollowerOptions } from './follower-options';
export { HEDGE_AFTER_MS } from './hedged-answer';

export class Follower {
  private readonly emitter = new EventEmitter();
  private readonly download: BlockDownload;
  private readonly bans: PeerBans;
  private readonly ledger = new PeerLedger();
  private readonly claims = new UnsupportedClaims();
  private readonly rate: SyncRate;
  private readonly faults: PeerFaults;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private base: 'starting' | 'running' | 'stopped' = 'starting';
  private error: SyncStatus['error'];
  private startedAt: number;
  private lastAdvanceAt: number | undefined;
  /** The runs downloading ahead, in chain order. */
  private readonly queue: RunQueue;
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly ended: Promise<void>;
  private markEnded: () => void = () => undefined;

  constructor(private readonly options: FollowerOptions) {
    this.now = options.now ?? Date.now;
    if (options.apiRateLimit !== 'none')
      options.peerPool.limitRequests(options.apiRateLimit ?? ARK_API_RATE_LIMIT);
    const p2p =
      options.p2p === undefined
        ? undefined
        : new P2pBlockSource(
            options.p2p,
            options.network,
            () => options.node.headerAt(1) ?? options.node.lastBlock(),
          );
    this.download = new BlockDownload(options.peerPool, options.network, p2p);
    this.bans = new PeerBans(this.now);
    this.rate = new SyncRate(this.now);
    this.batchSize = Math.min(options.batchSize ?? PAGE_LIMIT, PAGE_LIMIT);
    this.pollMs = options.pollMs ?? 1_000;
    this.log = options.log ?? (() => undefined);
    this.faults = new PeerFaults({
      node: options.node,
      network: options.network,
      download: this.download,
      bans: this.bans,
      ledger: this.ledger,
      batchSize: this.batchSize,
      banMs: options.banMs ?? 10 * 60_000,
      maxRevert: options.maxRevert,
      signal: this.abort.signal,
      log: this.log,
      changed: () => this.emitStatus(),
    });
    this.startedAt = this.now();
    // Every request of the queued runs listens to this one signal: more than Node's default ten at once is expected
    // (each run: its headers, then a few blocks' transactions at a time).
    setMaxListeners((MAX_PIPELINE_DEPTH + 1) * (TRANSACTION_FETCH_CONCURRENCY + 1), this.abort.signal);
    this.queue = new RunQueue({
      download: this.download,
      node: options.node,
      batchSize: this.batchSize,
      signal: this.abort.signal,
      usable: (peer) => this.faults.usable(peer),
      choose: (queued, avoid) =>
        choosePeer(
          this.candidates().filter((peer) => peer !== avoid),
          this.ledger,
          (peer) => this.faults.usable(peer),
          queued,
        ),
      depth: () =>
        pipelineDepth(this.candidates().filter((peer) => this.faults.usable(peer)).length, this.farBehind()),
      farBehind: () => this.farBehind(),
    });
    this.ended = new Promise((resolve) => {
      this.markEnded = resolve;
    });
  }

  on(event: 'status', listener: (status: SyncStatus) => void): this {
    this.emitter.on(event, listener as (...args: unknown[]) => void);
    return this;
  }

  off(event: 'status', listener: (status: SyncStatus) => void): this {
    this.emitter.off(event, listener as (...args: unknown[]) => void);
    return this;
  }

  /** Starts following. */
  start(): void {
    this.startedAt = this.now();
    this.running ??= this.loop().finally(() => this.markEnded());
  }

  /** Stops and waits for the loop to end (an in-flight request is aborted). */
  async stop(): Promise<void> {
    this.end();
    this.abort.abort();
    this.wake?.();
    await this.running;
    this.options.p2p?.close();
    this.markEnded();
  }

  /** Every peer blocks may be asked of: the public APIs (the pool's order) and the P2P interfaces. */
  private candidates(): PeerHealth[] {
    const p2p = this.options.p2p?.all().map((peer) => peer.health) ?? [];
    return [...this.options.peerPool.candidates(), ...p2p.filter((peer) => !peer.isRateLimited())];
  }

  /**
   * Whether the P2P interface at `url` is of no use for now (peer-faults.ts `unfit`): banned, on another chain, or
   * failing again and again. P2P discovery gives the slot of such an interface to another (p2p-search.ts).
   */
  unfit(url: string): boolean {
    return this.faults.unfit(url, this.options.p2p?.all().find((peer) => peer.url === url)?.health);
  }

  /** Resolves when the follower ended: by itself (a stop rule, see `status().error`) or by `stop()`. */
  finished(): Promise<void> {
    return this.ended;
  }

  status(): SyncStatus {
    const node = this.options.node;
    const tip = node.lastBlock();
    const now = this.now();
    return buildStatus({
      base: this.base,
      height: tip.height,
      heightBound: heightBound(tip, this.options.network, now),
      now,
      blocktimeMs: milestoneAt(this.options.network, tip.height).blocktime * 1000,
      lastAdvanceAt: this.lastAdvanceAt,
      startedAt: this.startedAt,
      blocksPerSecond: this.rate.perSecond(),
      peers: [
        ...this.options.peerPool.statuses(),
        ...(this.options.p2p?.all().map((peer) => peer.health.status()) ?? []),
      ].map((health) => ({
        health,
        record: this.ledger.of(health.url),
        ban: this.bans.of(health.url),
      })),
      error: this.error,
    });
  }

  peerStatuses(): FollowedPeerStatus[] {
    return this.status().peers;
  }

  /** Far enough behind that runs may start where the previous would end, several per peer (run-queue.ts). */
  private farBehind(): boolean {
    return this.networkHeight() - this.options.node.height > 2 * P2P_BATCH;
  }

  /** The highest height a peer has shown that we believe (our tip at least): what `/node/syncing` measures. */
  networkHeight(): number {
    return this.status().target;
  }

  // The loop --------------------------------------------------------------------------------------------------

  private async loop(): Promise<void> {
    while (this.base !== 'stopped') {
      let progressed = false;
      try {
        progressed = await this.step();
        if (this.base === 'starting') this.base = 'running';
        this.error = undefined;
      } catch (error) {
        if (this.stopped()) break;
        if (isSyncError(error) && error.code === 'ERR_SYNC_NO_PEERS') {
          if (this.base === 'starting') this.base = 'running';
          this.error = { code: error.code, message: error.message };
        } else {
          // Not a peer's doing (those are handled where they happen): a local fault or a rule Votary lacks.
          const message = error instanceof Error ? error.message : String(error);
          this.error = { code: isSyncError(error) ? error.code : 'ERR_SYNC_LOCAL', message };
          this.log(`sync stopped at height ${this.options.node.height}: ${message}`);
          this.end();
          break;
        }
      }
      this.emitStatus();
      if (!progressed && !this.stopped()) await this.sleep(this.pollMs);
    }
  }

  /**
   * One request's worth of progress; false when there was nothing new (or nobody to ask). A failed run is asked
   * again of another peer at once (true), when one can be asked.
   */
  private async step(): Promise<boolean> {
    const node = this.options.node;
    const tipHeight = node.height;
    const first = (await this.queue.take(tipHeight)) ?? this.queue.fetchFrom(tipHeight);
    if (first === undefined) {
      throw new SyncError(
        'ERR_SYNC_NO_PEERS',
        'no peer can be asked: every peer is banned, failing or on another chain',
      );
    }
    const answer = await hedgedAnswer(first, tipHeight, {
      p2p: this.options.p2p,
      queue: this.queue,
      faults: this.faults,
      stopped: () => this.stopped(),
    });
    const run = answer.run;
    if (!('blocks' in answer)) {
      this.queue.clear();
      this.faults.failed(run.peer, answer.error);
      // The run goes to another peer at once (the failed one backs off): a peer that timed out must not cost the
      // sync a poll interval on top of its timeout while another can answer.
      return this.candidates().some(
        (peer) => peer !== run.peer && this.faults.usable(peer) && !peer.isBackingOff(),
      );
    }
    const blocks = answer.blocks;
    const claimed = run.peer.status().height;
    const [tip, ...above] = blocks;
    if (tip === undefined) {
      if (claimed !== undefined && claimed >= tipHeight) {
        this.faults.unserved(
          run.peer,
          claimed,
          `it claims height ${claimed} but served no block at ${tipHeight}`,
        );
      }
      return false;
    }
    if (tip.header.id !== node.lastBlock().id) {
      this.queue.clear();
      await this.faults.resolveFork(run.peer);
      return true;
    }
    if (above.length === 0) {
      if (claimed !== undefined && claimed > tipHeight) {
        this.faults.unserved(
          run.peer,
          claimed,
          `it claims height ${claimed} but served no block above ${tipHeight}`,
        );
      } else this.ledger.delivered(run.peer.url, 0, tipHeight);
      return false;
    }
    // The next runs download (and their signatures verify on the workers) while this one is applied.
    const last = above[above.length - 1]!.header.height;
    this.queue.ran(run, tipHeight, last);
    this.queue.fill(run, last);
    // Far behind, the run is one batch: one SQLite commit for all its blocks; near the tip one block per
    // transaction, so that each is stored (and shown) as soon as it verified (docs/design/sync.md "Batched commits").
    const batches = this.farBehind() ? [above] : above.map((block) => [block]);
    const { exceptions, network } = this.options;
    let applied = 0;
    for (const batch of batches) {
      const result = node.applyBlocks(batch, (block) => checkNotExcepted(block, exceptions, network));
      const newest = result.applied.at(-1);
      if (newest !== undefined) {
        this.rate.record(newest.header.height);
        this.lastAdvanceAt = this.now();
      }
      applied += result.applied.length;
      if (result.refused === undefined) continue;
      const { block, error } = result.refused;
      if (isSyncError(error) && error.code === 'ERR_SYNC_UNSUPPORTED') {
        await this.unsupported(run.peer, error, block);
        break;
      }
      if (!isBlockRejectedError(error)) throw error;
      // The runs queued from this peer are dropped by the queue's take (the peer is banned).
      this.faults.ban(run.peer, `block ${block.header.height} (${block.header.id ?? '?'}): ${error.message}`);
      break;
    }
    if (applied > 0) this.ledger.delivered(run.peer.url, applied, node.height);
    return true;
  }

  /** A block needing a rule Votary lacks (unsupported-block.ts). */
  private async unsupported(peer: PeerHealth, error: SyncError, block: Block): Promise<void> {
    await judgeUnsupported(peer, error, block, {
      node: this.options.node,
      network: this.options.network,
      claims: this.claims,
      faults: this.faults,
      queue: this.queue,
      context: () => ({
        download: this.download,
        known: [
          ...this.options.peerPool.statuses().map((status) => status.url),
          ...(this.options.p2p?.all().map((p2p) => p2p.url) ?? []),
        ],
        askable: this.candidates().filter((other) => other !== peer && this.faults.usable(other)),
        failed: (other, failure) => this.faults.failed(other, failure),
        signal: this.abort.signal,
      }),
    });
  }

  // State -----------------------------------------------------------------------------------------------------

  /** A method, so that the loop re-reads it after each await (stop() may have ended it meanwhile). */
  private stopped(): boolean {
    return this.base === 'stopped';
  }

  private end(): void {
    this.base = 'stopped';
    this.emitStatus();
  }

  private emitStatus(): void {
    this.emitter.emit('status', this.status());
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
