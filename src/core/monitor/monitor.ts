/**
 * NodeMonitor: one cycle every `pollSeconds` — poll the watched nodes, store samples, look
 * for lag and forks, follow the chain into the ledger (missed slots), refresh the round's forging order and
 * whose delegates to watch, then evaluate the alert rules. Cycles never overlap. It follows the active network
 * (`follow`) and keeps everything in its own SQLite database. No Electron, no renderer.
 */
import type Database from 'better-sqlite3';
import { isClientError } from '../client';
import { isNotFoundError } from '../domain';
import type { ForkView, MonitorAlertView, MonitorUpdateEvent } from '../../shared/domain/monitor';
import { roundInfo } from '../protocol/rounds';
import { AlertEngine, type AlertChange } from './alert-engine';
import { evaluateAlerts } from './alert-evaluation';
import { DelegateWatch, readVoters, type DelegateChange } from './delegate-watch';
import { bestHeight, ForkDetector, type ProbedNode } from './forks';
import { believableHeight } from './height-claims';
import { ingest, type IngestResult } from './ingest';
import { InterestResolver, type Interest } from './interest';
import { MonitorError } from './errors';
import type { NodeMonitorOptions } from './monitor-options';
import type { NodeProbe } from './node-probe';
import { WatchedNodes } from './watched-nodes';
import { RoundOrders, type RoundOrder } from './round-orders';
import { MonitorSettingsStore } from './settings';
import { AlertStore } from '../db/monitor/alert-store';
import { Ledger } from '../db/monitor/ledger';
import { MetaStore } from '../db/monitor/meta';
import { openMonitorDatabase } from '../db/monitor/monitor-db';
import { SampleStore } from '../db/monitor/samples';
import { recordSamples } from './cycle-samples';
import type { MonitorTarget } from './target';
import type { DelegateInfo } from './productivity';

export type { NodeMonitorOptions } from './monitor-options';

const PRUNE_EVERY_MS = 10 * 60_000;
const INTEREST_EVERY_MS = 60_000;

export class NodeMonitor {
  readonly db: Database.Database;
  readonly samples: SampleStore;
  readonly ledger: Ledger;
  readonly alerts: AlertStore;
  readonly meta: MetaStore;
  readonly settings: MonitorSettingsStore;
  readonly engine: AlertEngine;
  readonly now: () => number;
  private readonly forks = new ForkDetector();
  private readonly interestResolver: InterestResolver;
  private orders: RoundOrders | undefined;
  private target: MonitorTarget | undefined;
  private readonly watched: WatchedNodes;
  private cycle: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private closed = false;
  private lastPrune = 0;
  private startedAt = 0;
  private interestAt = 0;
  private interestRound = 0;
  /** What the last cycle saw (the screens read it). */
  state: {
    forks: ForkView[];
    best?: number | undefined;
    /** The slot bound of the last cycle: the highest height any watched node can truly have (height-claims.ts). */
    bound?: number;
    updatedAt?: number;
    order?: RoundOrder;
    interest?: Interest;
    directory: Map<string, DelegateInfo>;
  } = { forks: [], directory: new Map() };
  private readonly membership = new Map<string, boolean>();

  constructor(private readonly options: NodeMonitorOptions) {
    this.now = options.now ?? Date.now;
    this.db = openMonitorDatabase(options.file);
    this.samples = new SampleStore(this.db);
    this.ledger = new Ledger(this.db);
    this.alerts = new AlertStore(this.db);
    this.meta = new MetaStore(this.db);
    this.settings = new MonitorSettingsStore(this.meta);
    this.engine = new AlertEngine(
      this.alerts,
      () => this.settings.get(),
      (alert, change) => this.alertChanged(alert, change),
    );
    this.interestResolver = new InterestResolver(options.vault);
    this.watched = new WatchedNodes(this.meta, options.client);
  }

  get networkId(): string | undefined {
    return this.target?.networkId;
  }

  get current(): MonitorTarget {
    if (this.target === undefined)
      throw new MonitorError('ERR_MONITOR_IDLE', 'The monitor is not following a network yet.');
    return this.target;
  }

  get nodes(): readonly NodeProbe[] {
    return this.watched.all;
  }

  roundOrders(): RoundOrders {
    if (this.orders === undefined)
      throw new MonitorError('ERR_MONITOR_IDLE', 'The monitor is not following a network yet.');
    return this.orders;
  }

  /** Watch another network (the active one changed): state is per network, history stays in the database. */
  follow(target: MonitorTarget): void {
    this.target = target;
    this.orders = new RoundOrders(() => target.client);
    this.forks.reset();
    this.membership.clear();
    this.state = { forks: [], directory: new Map() };
    this.interestAt = 0;
    this.interestRound = 0;
    this.startedAt = this.now();
    this.watched.rebuild(target);
    this.trigger();
  }

  /** Starts the periodic cycle (tests call `runCycle` themselves instead). */
  start(): void {
    if (this.timer !== undefined || this.closed) return;
    const schedule = () => {
      this.timer = setTimeout(() => {
        void this.runCycle().finally(() => {
          if (!this.closed) schedule();
        });
      }, this.settings.get().pollSeconds * 1000);
      this.timer.unref();
    };
    schedule();
    this.trigger();
  }

  /** Run a cycle soon (a new embedded block, a settings change); several triggers make one cycle. */
  trigger(): void {
    if (this.closed || this.timer === undefined || this.soon !== undefined) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.runCycle();
    }, 150);
    this.soon.unref();
  }

  /** One cycle; a call while one runs waits for it and runs one more after it. */
  runCycle(): Promise<void> {
    const run = (this.cycle ?? Promise.resolve()).then(() => this.cycleOnce());
    this.cycle = run;
    void run.finally(() => {
      if (this.cycle === run) this.cycle = undefined;
    });
    return run;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.soon !== undefined) clearTimeout(this.soon);
    await this.cycle?.catch(() => undefined);
    this.db.close();
  }

  // Watched nodes ---------------------------------------------------------------------------------------------

  async addNode(url: string, label?: string): Promise<void> {
    await this.watched.add(this.current, url, label);
    this.trigger();
  }

  removeNode(nodeId: string): void {
    const target = this.current;
    this.watched.remove(target, nodeId);
    this.samples.forget(target.networkId, nodeId);
  }

  // The cycle -------------------------------------------------------------------------------------------------

  private async cycleOnce(): Promise<void> {
    const target = this.target;
    if (target === undefined || this.closed) return;
    try {
      await this.cycleFor(target);
    } catch (error) {
      // A node that answers an error or goes away mid-cycle (a remote without a route, a localnet rollback
      // between two reads) is the network's condition, not a bug: the probes report reachability, and the next
      // cycle reads again from the ledger's tip. A chain read in this process (core/query) says "not found" with
      // the domain's NotFoundError where a remote node answers 404.
      if (isClientError(error) || isNotFoundError(error)) return;
      this.options.onDefect?.(error);
    }
  }

  private async cycleFor(target: MonitorTarget): Promise<void> {
    const probes = this.watched.all;
    const snapshots = await Promise.all(probes.map((probe) => probe.poll(this.now)));
    if (this.target !== target || this.closed) return;
    const now = this.now();
    const probed: ProbedNode[] = probes.map((probe, i) => ({
      id: probe.node.id,
      snapshot: snapshots[i]!,
      blockIdAt: (height) =>
        probe.api.block(height).then(
          (block) => block.id,
          () => undefined,
        ),
    }));
    // The first watched node is "my node"; its tip bounds what any node can truly have only when its chain is
    // verified here (height-claims.ts).
    const bound = believableHeight(
      target.ownVerified === true ? probed[0]?.snapshot : undefined,
      target.network,
      now,
    );
    const best = bestHeight(probed, bound);
    recordSamples(this.samples, target.networkId, probed, best);
    const forks = await this.forks.detect(probed, now);
    const own = probed[0]!;
    // The own node's tip block as its probe read it this cycle: the ledger records it without reading it again.
    const ownBlock = probes[0]?.tipBlock;
    let ingested: IngestResult = { added: [], missed: [] };
    if (
      own.snapshot.reachable &&
      own.snapshot.height !== undefined &&
      own.snapshot.lastBlockId !== undefined
    ) {
      ingested = await ingest(
        {
          networkId: target.networkId,
          network: target.network,
          client: target.client,
          ledger: this.ledger,
          orders: this.roundOrders(),
          onUsername: (publicKey, username) => this.learnUsername(publicKey, username),
        },
        {
          height: own.snapshot.height,
          id: own.snapshot.lastBlockId,
          ...(ownBlock === undefined ? {} : { block: ownBlock }),
        },
        {
          backfillBlocks: this.options.backfillBlocks ?? 2_000,
          pagesPerCall: this.options.pagesPerCycle ?? 5,
        },
      );
    }
    const tip = this.ledger.tip(target.networkId);
    if (tip !== undefined) await this.refreshRound(target, tip.height + 1);
    this.state = { ...this.state, forks, best, bound, updatedAt: now };
    evaluateAlerts(
      {
        settings: this.settings,
        ledger: this.ledger,
        engine: this.engine,
        ownLabel: this.watched.all[0]!.node.label,
        interest: this.state.interest,
        order: this.state.order,
        startedAt: this.startedAt,
        membership: this.membership,
        delegateChanges: this.delegateChanges,
      },
      { target, now, own, best, forks, ingested },
    );
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      this.samples.prune(now);
      this.ledger.prune(now, [target.networkId]);
      this.alerts.prune();
    }
    const topics: MonitorUpdateEvent['topics'] = ['nodes'];
    if (ingested.added.length > 0 || ingested.truncatedTo !== undefined) topics.push('round', 'blocks');
    this.options.onUpdate?.({ networkId: target.networkId, topics, at: now });
  }

  private async refreshRound(target: MonitorTarget, nextHeight: number): Promise<void> {
    const round = roundInfo(nextHeight, target.network).round;
    const order = await this.roundOrders().get(round);
    const roundChanged = this.state.order?.round !== round;
    this.state.order = order;
    const now = this.now();
    if (!roundChanged && this.interestRound === round && now - this.interestAt < INTEREST_EVERY_MS) return;
    this.interestRound = round;
    this.interestAt = now;
    const [page, interest] = await Promise.all([
      target.client.delegates({ limit: 100 }).catch(() => undefined),
      this.interestResolver.resolve(target.client, target.nethash, this.settings.get().myDelegates),
    ]);
    if (this.target !== target) return;
    const directory = new Map<string, DelegateInfo>();
    for (const delegate of page?.data ?? []) {
      directory.set(delegate.publicKey, {
        username: delegate.username,
        ...(delegate.rank === undefined ? {} : { rank: delegate.rank }),
      });
      this.learnUsername(delegate.publicKey, delegate.username);
    }
    for (const [publicKey, username] of interest.usernames) this.learnUsername(publicKey, username);
    this.state.directory = directory;
    this.state.interest = interest;
    await this.readDelegates(target, interest.mine, directory);
  }

  private learnUsername(publicKey: string, username: string): void {
    const networkId = this.target?.networkId;
    if (networkId === undefined) return;
    if (this.usernameCache.get(publicKey) === username) return;
    this.usernameCache.set(publicKey, username);
    this.ledger.rememberUsername(networkId, publicKey, username);
  }

  private readonly usernameCache = new Map<string, string>();
  private readonly delegateWatch = new DelegateWatch();
  /** Rank and voter changes read since the last evaluation. */
  private delegateChanges: DelegateChange[] = [];

  /** My delegates' ranks and voters, compared with the last reading (delegate-watch.ts). */
  private async readDelegates(
    target: MonitorTarget,
    mine: ReadonlySet<string>,
    directory: Map<string, DelegateInfo>,
  ) {
    const ranks = new Map([...directory].map(([publicKey, info]) => [publicKey, info.rank]));
    const changes = this.delegateWatch.ranksRead(mine, ranks);
    const threshold = BigInt(this.settings.get().voterBalanceThreshold) * 100_000_000n;
    for (const publicKey of mine) {
      const voters = await readVoters(target.client, publicKey);
      if (this.target !== target) return;
      if (voters !== undefined) changes.push(...this.delegateWatch.votersRead(publicKey, voters, threshold));
    }
    this.delegateWatch.keepOnly(mine);
    this.delegateChanges.push(...changes);
  }

  private alertChanged(alert: MonitorAlertView, change: AlertChange): void {
    if (change === 'raised') this.options.onAlert?.(alert);
    this.options.onUpdate?.({ networkId: alert.networkId, topics: ['alerts'], at: this.now() });
  }
}
