/** The alert rules run at the end of each cycle of the monitor (monitor.ts), over what the cycle saw. */
import type { ForkView } from '../../shared/domain/monitor';
import type { Ledger } from '../db/monitor/ledger';
import { milestoneAt } from '../protocol/networks';
import type { AlertEngine } from './alert-engine';
import {
  delegateChangeRule,
  forgingSetRule,
  forkRule,
  missedSlotRule,
  ownNodeRules,
  votedDelegateRule,
  type RuleContext,
} from './alert-rules';
import type { DelegateChange } from './delegate-watch';
import { lagOf, type ProbedNode } from './forks';
import type { IngestResult } from './ingest';
import type { Interest } from './interest';
import type { RoundOrder } from './round-orders';
import type { MonitorSettingsStore } from './settings';
import type { MonitorTarget } from './target';

/** What of the monitor the rules read: its stores, the round's order and interest, what it remembers between cycles. */
export interface AlertParts {
  settings: MonitorSettingsStore;
  ledger: Ledger;
  engine: AlertEngine;
  /** The own node's label (the first watched node). */
  ownLabel: string;
  interest: Interest | undefined;
  order: RoundOrder | undefined;
  startedAt: number;
  /** Which of my delegates were in the forging set at the last cycle (forgingSetRule keeps it). */
  membership: Map<string, boolean>;
  /** Rank and voter changes read since the last evaluation: taken (emptied) here. */
  delegateChanges: DelegateChange[];
}

/** What one cycle saw. */
export interface CycleSeen {
  target: MonitorTarget;
  now: number;
  own: ProbedNode;
  best: number | undefined;
  forks: ForkView[];
  ingested: IngestResult;
}

export function evaluateAlerts(monitor: AlertParts, cycle: CycleSeen): void {
  const { target, now, own, best, forks, ingested } = cycle;
  const settings = monitor.settings.get();
  const usernames = monitor.ledger.usernames(target.networkId);
  const ctx: RuleContext = {
    engine: monitor.engine,
    network: target.networkId,
    now,
    name: (publicKey) => usernames.get(publicKey) ?? `${publicKey.slice(0, 10)}…`,
  };
  monitor.engine.applySettings(target.networkId, now);
  ownNodeRules(
    ctx,
    { id: own.id, label: monitor.ownLabel, snapshot: own.snapshot, lag: lagOf(own.snapshot, best) },
    settings.behindThreshold,
    settings.stallSeconds,
  );
  forkRule(ctx, forks);
  const interest = monitor.interest;
  const order = monitor.order;
  if (interest === undefined || order === undefined) return;
  // Misses older than a round before the monitor started are history (the backfill), not news.
  const blockMs = milestoneAt(target.network, order.round * order.order.length).blocktime * 1000;
  const freshFrom = monitor.startedAt - order.order.length * blockMs;
  missedSlotRule(
    ctx,
    interest.mine,
    ingested.missed.filter((miss) => miss.at >= freshFrom),
    ingested.added,
  );
  const forgingSet = new Set(order.order);
  forgingSetRule(ctx, interest.mine, forgingSet, monitor.membership);
  votedDelegateRule(ctx, interest.voted, interest.resigned, forgingSet);
  delegateChangeRule(ctx, monitor.delegateChanges.splice(0), target.network.network.client.symbol);
}
