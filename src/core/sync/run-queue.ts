/**
 * The follower's pipeline (docs/design/sync.md "Download"): runs of blocks downloaded from one peer ahead of the one
 * being applied, their signatures verified on the worker threads meanwhile (`prepareBlocks`). Each run starts at a
 * height known at once (our tip) or once the run before it has its headers.
 */
import type { PeerHealth } from '../client/peer-health';
import type { Block, BlockHeader } from '../protocol/blocks';
import { runOf, type BlockDownload } from './block-download';
import type { SyncError } from './errors';
import type { FollowedNode } from './followed-node';

/**
 * A run of blocks downloaded from one peer, starting at `from` — known at once for the run after the tip, and once
 * the run before it has its headers for the runs queued behind it (undefined: that run reached the peer's tip).
 */
export interface Prefetch {
  from: Promise<number | undefined>;
  peer: PeerHealth;
  /** The height the run ends at, once its headers arrived (undefined: nothing above `from`). */
  last: Promise<number | undefined>;
  blocks: Promise<Block[]>;
}

/** A block that needs a rule Votary lacks: it stops the follower only once its header is shown to be genuine. */
export class UnsupportedBlock extends Error {
  constructor(
    readonly error: SyncError,
    readonly header: BlockHeader,
  ) {
    super(error.message);
  }
}

/**
 * Runs downloaded and verified ahead of the one being applied. Three keep the workers' queue full while this
 * thread applies (one alone left them idle between runs: docs/benchmarks.md "Sync").
 */
export const PIPELINE_DEPTH = 3;

export interface RunQueueOptions {
  download: BlockDownload;
  node: FollowedNode;
  batchSize: number;
  signal: AbortSignal;
  usable: (peer: PeerHealth) => boolean;
  /** The peer to ask when the run has no peer of its own (peer-choice.ts). */
  choose: () => PeerHealth | undefined;
}

export class RunQueue {
  private queue: Prefetch[] = [];

  constructor(private readonly options: RunQueueOptions) {}

  clear(): void {
    this.queue = [];
  }

  /** The queued run that starts at our tip, if the queue still holds one (else the queue is dropped). */
  async take(tipHeight: number): Promise<Prefetch | undefined> {
    const prefetch = this.queue.shift();
    if (prefetch === undefined) return undefined;
    const from = await prefetch.from.catch(() => undefined);
    if (from !== tipHeight || !this.options.usable(prefetch.peer)) {
      this.queue = [];
      return undefined;
    }
    return prefetch;
  }

  /** Queues runs behind `run` (which ends at `last`) from its peer, up to PIPELINE_DEPTH. */
  fill(run: Prefetch, last: number): void {
    if (!this.options.usable(run.peer)) return;
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
  fetchFrom(from: number | Promise<number | undefined>, preferred?: PeerHealth): Prefetch | undefined {
    const { download, batchSize, signal, node } = this.options;
    const peer =
      preferred !== undefined && this.options.usable(preferred) && !preferred.isBackingOff()
        ? preferred
        : this.options.choose();
    if (peer === undefined) return undefined;
    const start = Promise.resolve(from);
    const headers = start.then(async (height) => {
      if (height === undefined) return { tip: undefined, run: [] };
      const [tip, ...above] = await download.headers(peer, height, height + batchSize, { signal });
      return { tip, run: runOf(above) };
    });
    const last = headers.then(({ run }) => run.at(-1)?.height);
    const blocks = headers.then(async ({ tip, run }) => {
      if (tip === undefined) return [];
      const blocks = [{ header: tip, transactions: [] }, ...(await download.blocks(peer, run, { signal }))];
      await node.prepareBlocks(blocks.slice(1));
      return blocks;
    });
    // Settled by whoever takes them; a dropped prefetch must not be an unhandled rejection.
    for (const promise of [start, last, blocks]) promise.catch(() => undefined);
    return { from: start, peer, last, blocks };
  }
}
