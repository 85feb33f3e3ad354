/**
 * The follower's pipeline (docs/design/sync.md "Download"): runs of blocks downloaded ahead of the one being
 * applied, their signatures verified on the worker threads meanwhile (`prepareBlocks`), each run from the peer that
 * can answer soonest (its rate budget) and has delivered best — so the work spreads over every usable peer, public
 * API and P2P alike. A run starts at a height known at once (our tip), once the run before it has its headers, or —
 * far behind the network, after full runs — where the run before it will end if it is answered in full
 * (speculative: a run that then does not start at our tip is dropped with the queue behind it).
 */
import type { PeerHealth } from '../client/peer-health';
import type { Block } from '../protocol/blocks';
import type { BlockDownload } from './block-download';
import type { FollowedNode } from './followed-node';

/**
 * A run of blocks downloaded from one peer, starting at `from` — known at once for the run after the tip, and once
 * the run before it has its headers for the runs queued behind it (undefined: that run reached the peer's tip).
 */
export interface Prefetch {
  from: Promise<number | undefined>;
  peer: PeerHealth;
  /** How many blocks above `from` the run asks for (a full answer ends at from + span). */
  span: number;
  /** The height the run ends at, once its headers arrived (undefined: nothing above `from`). */
  last: Promise<number | undefined>;
  blocks: Promise<Block[]>;
}

/**
 * Runs downloaded and verified ahead of the one being applied. Three keep the workers' queue full while this
 * thread applies (one alone left them idle between runs: docs/benchmarks.md "Sync"); with more usable peers, one
 * run each; far behind the network, RUNS_PER_PEER_FAR_BEHIND each (up to MAX_PIPELINE_DEPTH), so that every
 * peer's budget is used.
 */
export const PIPELINE_DEPTH = 3;
/**
 * Runs are taken in chain order, so the queue must reach past the slowest peer's next slot: a P2P peer answers
 * once per 2.5 s (p2p-peer.ts), and while its run waits for it the runs behind it must already be asked of the
 * others — at six APIs and six P2P ports that is some 40 runs. One run a peer (bench:sync (e): 12 runs) left the
 * budgets mostly unused (431 blocks/s where the limits allow 1,900).
 */
export const RUNS_PER_PEER_FAR_BEHIND = 4;
export const MAX_PIPELINE_DEPTH = 64;
/**
 * The transactions the queued runs may hold before no further run is asked ahead (runs not yet answered counted as
 * the fullest seen): what bounds the queue's memory when blocks are full (a getBlocks answer may be 20 MB, and far
 * behind some 24 P2P runs are queued) — about 2 kB a transaction decoded, so some 80 MB. Runs of empty blocks hold
 * none, and the depth alone bounds them.
 */
export const MAX_HELD_TRANSACTIONS = 40_000;

/** How many runs to keep queued for `usable` peers. */
export function pipelineDepth(usable: number, farBehind: boolean): number {
  const depth = farBehind ? RUNS_PER_PEER_FAR_BEHIND * usable : usable;
  return Math.min(MAX_PIPELINE_DEPTH, Math.max(PIPELINE_DEPTH, depth));
}

export interface RunQueueOptions {
  download: BlockDownload;
  node: FollowedNode;
  batchSize: number;
  signal: AbortSignal;
  usable: (peer: PeerHealth) => boolean;
  /**
   * The peer to ask (peer-choice.ts); `queued(peer)` is how many runs are queued for it and not yet answered, so a
   * burst of choices spreads instead of all going to the best peer; never `avoid` (a peer a run waits on too long).
   */
  choose: (queued: (peer: PeerHealth) => number, avoid?: PeerHealth) => PeerHealth | undefined;
  /** How many runs to keep ahead (default PIPELINE_DEPTH). */
  depth?: () => number;
  /** Whether the network is far enough ahead that runs may start where the previous would end (default never). */
  farBehind?: () => boolean;
  /** MAX_HELD_TRANSACTIONS unless told (tests). */
  maxHeldTransactions?: number;
}

export class RunQueue {
  private queue: Prefetch[] = [];
  /** The transactions of each run whose headers have arrived. */
  private readonly transactions = new WeakMap<Prefetch, number>();
  /** Whether the last run handed out was answered in full (its span): speculation pays only then. */
  private lastRunFull = false;

  constructor(private readonly options: RunQueueOptions) {}

  clear(): void {
    this.queue = [];
  }

  /**
   * The queued run that starts at our tip. When the queue's first run starts above the tip — the run before it came
   * back short of the span it was asked ahead for — the heights between are asked on their own (a run that ends
   * where the queued one starts) and the queue is kept. Anything else (a run below the tip, or from a peer no longer
   * usable) drops the queue.
   */
  async take(tipHeight: number): Promise<Prefetch | undefined> {
    const prefetch = this.queue[0];
    if (prefetch === undefined) return undefined;
    const from = await prefetch.from.catch(() => undefined);
    if (from !== undefined && from > tipHeight && this.options.usable(prefetch.peer)) {
      const gap = this.fetchFrom(tipHeight, undefined, from);
      if (gap !== undefined) return gap;
    }
    this.queue.shift();
    if (from !== tipHeight || !this.options.usable(prefetch.peer)) {
      this.queue = [];
      this.lastRunFull = false;
      return undefined;
    }
    return prefetch;
  }

  /** The step took `run`, which ended at `last`: whether it was answered in full decides speculation. */
  ran(run: Prefetch, from: number, last: number): void {
    this.lastRunFull = last - from >= run.span;
  }

  private queued(peer: PeerHealth): number {
    return this.queue.filter((run) => run.peer === peer).length;
  }

  /**
   * The transactions the queued runs hold or will: those that have answered, what they told; each of the others, as
   * many as the fullest run seen (`taken`, the run just taken, included) — so that a queue of full blocks stays
   * within the bound even while its runs are still on their way.
   */
  private expectedHeld(taken: Prefetch): number {
    const fullest = Math.max(
      this.transactions.get(taken) ?? 0,
      ...this.queue.map((run) => this.transactions.get(run) ?? 0),
    );
    return this.queue.reduce((sum, run) => sum + (this.transactions.get(run) ?? fullest), 0) + fullest;
  }

  /** Queues runs behind `run` (which ends at `last`), up to the depth. */
  fill(run: Prefetch, last: number): void {
    const depth = Math.min(MAX_PIPELINE_DEPTH, this.options.depth?.() ?? PIPELINE_DEPTH);
    let previous: Prefetch | undefined = this.queue.at(-1);
    if (previous === undefined) {
      previous = this.fetchFrom(last, run.peer);
      if (previous === undefined) return;
      this.queue.push(previous);
    }
    const maxHeld = this.options.maxHeldTransactions ?? MAX_HELD_TRANSACTIONS;
    while (this.queue.length < depth && this.expectedHeld(run) <= maxHeld) {
      const speculate = this.lastRunFull && this.options.farBehind?.() === true;
      const span = previous.span;
      const from = speculate
        ? previous.from.then((height) => (height === undefined ? undefined : height + span))
        : previous.last;
      const next = this.fetchFrom(from, previous.peer);
      if (next === undefined) return;
      this.queue.push(next);
      previous = next;
    }
  }

  /**
   * Starts downloading the run that begins at `from` (our tip, or where the run before it ends), and ends at `to` at
   * the latest, of any peer but `avoid`. Its first block is the header at `from` itself, which the step compares
   * with our block there (a fork shows so).
   */
  fetchFrom(
    from: number | Promise<number | undefined>,
    preferred?: PeerHealth,
    to?: number,
    avoid?: PeerHealth,
  ): Prefetch | undefined {
    const { download, batchSize, signal, node } = this.options;
    // The preferred peer (the previous run's) keeps the work while it has no limit to wait for; a peer with a
    // budget shares it with the others (the soonest to answer).
    const keep =
      preferred !== undefined &&
      this.options.usable(preferred) &&
      !preferred.isBackingOff() &&
      preferred.budget === undefined;
    const peer = keep ? preferred : this.options.choose((candidate) => this.queued(candidate), avoid);
    if (peer === undefined) return undefined;
    const start = Promise.resolve(from);
    // The run is asked at the pace the peer has now: one that lowers its limit meanwhile gives the run up at once.
    const pace = peer.budget?.spacingMs();
    const asked = { signal, ...(pace === undefined ? {} : { pace }) };
    // A run asked to end at `to` (a gap) is full when it reaches there.
    const span =
      to !== undefined && typeof from === 'number'
        ? Math.min(download.spanOf(peer, batchSize), to - from)
        : download.spanOf(peer, batchSize);
    const headers = start.then(async (height) => {
      if (height === undefined) return { tip: undefined, run: [] };
      // As many as one answer of this peer brings (a P2P answer: 400).
      const [tip, ...above] = await download.headers(peer, height, height + span, asked);
      return { tip, run: download.runOf(peer, above) };
    });
    const last = headers.then(({ run }) => run.at(-1)?.height);
    const blocks = headers.then(async ({ tip, run }) => {
      if (tip === undefined) return [];
      const blocks = [{ header: tip, transactions: [] }, ...(await download.blocks(peer, run, asked))];
      await node.prepareBlocks(blocks.slice(1));
      return blocks;
    });
    // Settled by whoever takes them; a dropped prefetch must not be an unhandled rejection.
    for (const promise of [start, last, blocks]) promise.catch(() => undefined);
    const prefetch: Prefetch = { from: start, peer, span, last, blocks };
    headers.then(
      ({ run }) =>
        this.transactions.set(
          prefetch,
          run.reduce((sum, header) => sum + header.numberOfTransactions, 0),
        ),
      () => undefined,
    );
    return prefetch;
  }
}
