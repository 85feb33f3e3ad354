/**
 * The follower (docs/design/sync.md): keeps a node's chain equal to its peers' — downloading blocks in order,
 * verifying each exactly as the node verifies its own (`applyBlock`), storing only what passed — and then follows
 * the chain as it grows, polling about once a second.
 *
 * - Pipelined: while one run of blocks is applied on this thread, the next is downloaded and its signatures are
 *   verified on the worker threads (`prepareBlocks`).
 * - Each request asks from the follower's own tip height, so the first block answered must be the tip itself:
 *   when it is not, the peer's chain left ours and the common ancestor is looked for (at most `maxRevert` blocks
 *   back, else the follower stops and says so), the blocks above it are reverted and the peer's are applied.
 * - A peer that serves an invalid block (its id, a signature, a transaction that does not apply) is banned for
 *   `banMs` with one log line naming the block and the reason; the others are asked meanwhile. A peer that does
 *   not answer backs off (client/peer-health.ts) and the next best is asked.
 * - A block needing a rule Votary lacks (raw-block.ts checkNotExcepted) stops the follower before it.
 */
import { EventEmitter, setMaxListeners } from 'node:events';
import type { PeerPool } from '../client';
import type { PeerHealth } from '../client/peer-health';
import { isBlockRejectedError } from '../node/chain';
import { verifyBlockSignature, type Block, type BlockHeader } from '../protocol/blocks';
import { milestoneAt, type Network } from '../protocol/networks';
import { BlockDownload, PAGE_LIMIT, runOf, TRANSACTION_FETCH_CONCURRENCY } from './block-download';
import { isSyncError, SyncError } from './errors';
import type { FollowedNode } from './followed-node';
import { PeerBans } from './peer-bans';
import { checkNotExcepted, type ChainExceptions } from './raw-block';
import { SyncRate } from './sync-rate';
import type { FollowedPeerStatus, SyncState, SyncStatus } from './sync-status';

export type { FollowedPeerStatus, SyncState, SyncStatus } from './sync-status';

export interface FollowerOptions {
  node: FollowedNode;
  network: Network;
  pool: PeerPool;
  exceptions: ChainExceptions;
  /** Blocks per request (default 100, ARK's page limit). */
  batchSize?: number;
  /** How often a synced follower asks for new blocks (default 1000 ms). */
  pollMs?: number;
  /** How long a peer that served an invalid block is banned (default 10 minutes). */
  banMs?: number;
  /** How many blocks a fork may revert (default: three rounds of the milestone at the tip). */
  maxRevert?: number;
  now?: () => number;
  /** One line per event worth a log: a ban, a fork, a stop. */
  log?: (line: string) => void;
}

/**
 * A run of blocks downloaded from one peer, starting at `from` — known at once for the run after the tip, and once
 * the run before it has its headers for the runs queued behind it (undefined: that run reached the peer's tip).
 */
interface Prefetch {
  from: Promise<number | undefined>;
  peer: PeerHealth;
  /** The height the run ends at, once its headers arrived (undefined: nothing above `from`). */
  last: Promise<number | undefined>;
  blocks: Promise<Block[]>;
}

/**
 * Runs downloaded and verified ahead of the one being applied. Three keep the workers' queue full while this
 * thread applies (one alone left them idle between runs: docs/benchmarks.md "Sync").
 */
const PIPELINE_DEPTH = 3;

const STALLED_AFTER_FAILURES = 3;

export class Follower {
  private readonly emitter = new EventEmitter();
  private readonly download: BlockDownload;
  private readonly bans: PeerBans;
  private readonly rate: SyncRate;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly banMs: number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private state: SyncState = 'starting';
  private error: SyncStatus['error'];
  private failures = 0;
  /** The runs downloading ahead, in chain order. */
  private queue: Prefetch[] = [];
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly ended: Promise<void>;
  private markEnded: () => void = () => undefined;

  constructor(private readonly options: FollowerOptions) {
    this.now = options.now ?? Date.now;
    this.download = new BlockDownload(options.pool, options.network);
    this.bans = new PeerBans(this.now);
    this.rate = new SyncRate(this.now);
    this.batchSize = Math.min(options.batchSize ?? PAGE_LIMIT, PAGE_LIMIT);
    this.pollMs = options.pollMs ?? 1_000;
    this.banMs = options.banMs ?? 10 * 60_000;
    this.log = options.log ?? (() => undefined);
    // Every request of the queued runs listens to this one signal: more than Node's default ten at once is expected
    // (each run: its headers, then a few blocks' transactions at a time).
    setMaxListeners((PIPELINE_DEPTH + 1) * (TRANSACTION_FETCH_CONCURRENCY + 1), this.abort.signal);
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
    this.running ??= this.loop().finally(() => this.markEnded());
  }

  /** Stops and waits for the loop to end (an in-flight request is aborted). */
  async stop(): Promise<void> {
    if (this.state !== 'stopped') this.setState('stopped');
    this.abort.abort();
    this.wake?.();
    await this.running;
    this.markEnded();
  }

  /** Resolves when the follower ended: by itself (a stop rule, see `status().error`) or by `stop()`. */
  finished(): Promise<void> {
    return this.ended;
  }

  status(): SyncStatus {
    const height = this.options.node.height;
    const target = Math.max(height, this.networkHeight());
    const blocksPerSecond = this.rate.perSecond();
    const behind = target - height;
    return {
      state: this.state,
      height,
      target,
      blocksBehind: behind,
      blocksPerSecond,
      etaSeconds:
        this.state === 'syncing' && blocksPerSecond > 0 ? Math.ceil(behind / blocksPerSecond) : undefined,
      peers: this.peerStatuses(),
      error: this.error,
    };
  }

  peerStatuses(): FollowedPeerStatus[] {
    return this.options.pool.statuses().map((peer) => {
      const ban = this.bans.of(peer.url);
      return {
        url: peer.url,
        height: peer.height,
        latencyMs: peer.latencyMs,
        banned: ban === undefined ? undefined : { until: ban.until, reason: ban.reason },
        lastError: peer.lastError?.message,
      };
    });
  }

  // The loop --------------------------------------------------------------------------------------------------

  private async loop(): Promise<void> {
    while (!this.stopped()) {
      let progressed = false;
      try {
        progressed = await this.step();
        this.failures = 0;
        if (this.error?.code !== 'ERR_SYNC_NO_PEERS') this.error = undefined;
      } catch (error) {
        if (this.stopped()) break;
        if (isSyncError(error) && error.code !== 'ERR_PEER_DATA' && error.code !== 'ERR_SYNC_NO_PEERS') {
          this.error = { code: error.code, message: error.message };
          this.log(`sync stopped at height ${this.options.node.height}: ${error.message}`);
          this.setState('stopped');
          break;
        }
        this.failures++;
        const message = error instanceof Error ? error.message : String(error);
        this.error = { code: isSyncError(error) ? error.code : 'ERR_SYNC_PEER', message };
        if (this.failures >= STALLED_AFTER_FAILURES) this.setState('stalled');
      }
      if (!progressed && !this.stopped()) await this.sleep(this.pollMs);
    }
  }

  /** One request's worth of progress; false when there was nothing new (or nobody to ask). */
  private async step(): Promise<boolean> {
    const node = this.options.node;
    const tipHeight = node.height;
    const run = (await this.takePrefetch(tipHeight)) ?? this.fetchFrom(tipHeight);
    if (run === undefined) {
      throw new SyncError('ERR_SYNC_NO_PEERS', 'no peer can be asked: every peer is banned or failing');
    }
    let blocks: Block[];
    try {
      blocks = await run.blocks;
    } catch (error) {
      this.queue = [];
      if (isSyncError(error) && error.code === 'ERR_PEER_DATA') this.banPeer(run.peer, error.message);
      throw error;
    }
    const [tip, ...above] = blocks;
    if (tip === undefined) {
      // The peer does not have our tip: it is behind us (or lost it); another peer is asked next time.
      this.updateState();
      return false;
    }
    if (tip.header.id !== node.lastBlock().id) {
      this.queue = [];
      await this.resolveFork(run.peer);
      return true;
    }
    if (above.length === 0) {
      this.updateState();
      return false;
    }
    // The next runs download (and their signatures verify on the workers) while this one is applied.
    this.fillQueue(run, above[above.length - 1]!.header.height);
    // Following the tip, a block or two at a time, is not "syncing" again.
    if (this.state !== 'synced' || above.length > 2) this.setState('syncing');
    for (const block of above) {
      checkNotExcepted(block, this.options.exceptions, this.options.network);
      try {
        node.applyBlock(block);
      } catch (error) {
        if (!isBlockRejectedError(error)) throw error;
        // The runs queued from this peer are dropped by takePrefetch (the peer is banned).
        this.banPeer(run.peer, `block ${block.header.height} (${block.header.id ?? '?'}): ${error.message}`);
        return true;
      }
      this.rate.record(block.header.height);
    }
    this.updateState();
    return true;
  }

  /** The queued run that starts at our tip, if the queue still holds one (else the queue is dropped). */
  private async takePrefetch(tipHeight: number): Promise<Prefetch | undefined> {
    const prefetch = this.queue.shift();
    if (prefetch === undefined) return undefined;
    const from = await prefetch.from.catch(() => undefined);
    if (from !== tipHeight || this.bans.isBanned(prefetch.peer.url)) {
      this.queue = [];
      return undefined;
    }
    return prefetch;
  }

  /** Queues runs behind `run` (which ends at `last`) from its peer, up to PIPELINE_DEPTH. */
  private fillQueue(run: Prefetch, last: number): void {
    if (!this.usable(run.peer)) return;
    let previous: Prefetch | undefined = this.queue.at(-1);
    if (previous === undefined) {
      previous = this.fetchFrom(last, run.peer);
      if (previous === undefined) return;
      this.queue.push(previous);
    }
    while (this.queue.length < PIPELINE_DEPTH) {
      const next = this.fetchFrom(previous.last, previous.peer);
      if (next === undefined) return;
      this.queue.push(next);
      previous = next;
    }
  }

  /**
   * Starts downloading the run that begins at `from` (our tip, or where the run before it ends). Its first block is
   * the header at `from` itself, which the step compares with our block there (a fork shows so).
   */
  private fetchFrom(
    from: number | Promise<number | undefined>,
    preferred?: PeerHealth,
  ): Prefetch | undefined {
    const peer = preferred !== undefined && this.usable(preferred) ? preferred : this.choosePeer();
    if (peer === undefined) return undefined;
    const signal = this.abort.signal;
    const start = Promise.resolve(from);
    const headers = start.then(async (height) => {
      if (height === undefined) return { tip: undefined, run: [] };
      const [tip, ...above] = await this.download.headers(peer, height, height + this.batchSize, { signal });
      return { tip, run: runOf(above) };
    });
    const last = headers.then(({ run }) => run.at(-1)?.height);
    const blocks = headers.then(async ({ tip, run }) => {
      if (tip === undefined) return [];
      const blocks = [
        { header: tip, transactions: [] },
        ...(await this.download.blocks(peer, run, { signal })),
      ];
      await this.options.node.prepareBlocks(blocks.slice(1));
      return blocks;
    });
    // Settled by whoever takes them; a dropped prefetch must not be an unhandled rejection.
    for (const promise of [start, last, blocks]) promise.catch(() => undefined);
    return { from: start, peer, last, blocks };
  }

  private usable(peer: PeerHealth): boolean {
    return !this.bans.isBanned(peer.url) && !peer.isRateLimited();
  }

  /** The peer to ask: the highest reported height among those not banned, the healthiest first on a tie. */
  private choosePeer(): PeerHealth | undefined {
    const candidates = this.options.pool.candidates().filter((peer) => this.usable(peer));
    const ready = candidates.filter((peer) => !peer.isBackingOff());
    const pool = ready.length > 0 ? ready : candidates;
    let best: PeerHealth | undefined;
    for (const peer of pool) {
      if (best === undefined || (peer.status().height ?? 0) > (best.status().height ?? 0)) best = peer;
    }
    return best;
  }

  /** The highest height a peer that is not banned reported (0 while none is known): the network's height. */
  networkHeight(): number {
    let target = 0;
    for (const peer of this.options.pool.statuses()) {
      if (!this.bans.isBanned(peer.url) && peer.height !== undefined) target = Math.max(target, peer.height);
    }
    return target;
  }

  private banPeer(peer: PeerHealth, reason: string): void {
    this.bans.ban(peer.url, reason, this.banMs);
    this.log(`peer ${peer.url} banned for ${Math.round(this.banMs / 60_000)} min: ${reason}`);
    this.emitStatus();
  }

  /**
   * The peer's block at our tip height differs from ours: find the highest height where both chains agree (at most
   * `maxRevert` blocks back), revert to it, and let the next steps apply the peer's blocks.
   */
  private async resolveFork(peer: PeerHealth): Promise<void> {
    const node = this.options.node;
    const tip = node.height;
    const maxRevert = this.options.maxRevert ?? 3 * milestoneAt(this.options.network, tip).activeDelegates;
    const lowest = Math.max(1, tip - maxRevert);
    let ancestor: number | undefined;
    const theirs: BlockHeader[] = [];
    for (let to = tip; to >= lowest && ancestor === undefined; to -= this.batchSize) {
      const from = Math.max(lowest, to - this.batchSize + 1);
      const batch = await this.download.headers(peer, from, to, { signal: this.abort.signal });
      for (let i = batch.length - 1; i >= 0; i--) {
        const header = batch[i]!;
        if (header.id === node.headerAt(header.height)?.id) {
          ancestor = header.height;
          break;
        }
        theirs.push(header);
      }
    }
    if (ancestor === undefined) {
      throw new SyncError(
        'ERR_SYNC_FORK_TOO_DEEP',
        `the chain of ${peer.url} differs from ours below height ${lowest}, more than ${maxRevert} blocks back: ` +
          'the follower does not revert that far on its own (check the peers, or start from an empty data directory)',
        { height: tip },
      );
    }
    if (ancestor === tip) {
      this.banPeer(peer, `block ${tip}: it served two different blocks for that height`);
      return;
    }
    // Nothing is reverted for a chain whose blocks were not signed by a key (the rest is checked as they apply).
    for (const header of theirs) {
      if (!verifyBlockSignature(header, this.options.network)) {
        const reason = `block ${header.height} (${header.id ?? '?'}): its signature does not verify, no fork to follow`;
        this.banPeer(peer, reason);
        return;
      }
    }
    const reverted = node.revertBlocks(tip - ancestor);
    this.log(
      `fork: ${peer.url} has another block at height ${ancestor + 1}; reverted ${reverted.length} block(s) to ` +
        `height ${ancestor}, following its chain`,
    );
  }

  // State -----------------------------------------------------------------------------------------------------

  private stopped(): boolean {
    return this.state === 'stopped';
  }

  private updateState(): void {
    const behind = this.networkHeight() - this.options.node.height;
    this.setState(behind > 0 ? 'syncing' : 'synced');
  }

  private setState(state: SyncState): void {
    if (this.state === 'stopped') return;
    this.state = state;
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
