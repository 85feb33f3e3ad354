/**
 * The alert rules (src/core/monitor/README.md), evaluated after each monitor cycle. Each function states one rule
 * as a
 * condition over what the cycle saw; the engine turns conditions into raise-once / clear semantics.
 */
import type { ForkView } from '../../shared/domain/monitor';
import type { AlertEngine } from './alert-engine';
import type { NodeSnapshot } from './node-probe';
import type { LedgerBlock } from '../db/monitor/ledger';
import type { DerivedMiss } from './schedule';
import type { DelegateChange } from './delegate-watch';

export interface RuleContext {
  engine: AlertEngine;
  network: string;
  now: number;
  name: (publicKey: string) => string;
}

/** "My delegate missed a slot": one alert per run of misses, counted up, cleared by its next block. */
export function missedSlotRule(
  ctx: RuleContext,
  mine: ReadonlySet<string>,
  misses: readonly DerivedMiss[],
  blocks: readonly LedgerBlock[],
): void {
  const events = [
    ...misses.filter((miss) => mine.has(miss.publicKey)).map((miss) => ({ slot: miss.slot, miss })),
    ...blocks.filter((block) => mine.has(block.generator)).map((block) => ({ slot: block.slot, block })),
  ].sort((a, b) => a.slot - b.slot);
  for (const event of events) {
    if ('miss' in event) {
      const { miss } = event;
      ctx.engine.occur(
        ctx.network,
        'delegate-missed-slot',
        miss.publicKey,
        {
          level: 'warning',
          message: `${ctx.name(miss.publicKey)} missed slot ${miss.slot} (round ${miss.round}).`,
        },
        ctx.now,
      );
    } else {
      ctx.engine.set(ctx.network, 'delegate-missed-slot', event.block.generator, undefined, ctx.now);
    }
  }
}

/**
 * "My delegate left or entered the forging set": out of the set is a lasting condition (warning); coming
 * back clears it and is reported once (info). `previous` is what the last round said (absent at start).
 */
export function forgingSetRule(
  ctx: RuleContext,
  mine: ReadonlySet<string>,
  forgingSet: ReadonlySet<string>,
  previous: Map<string, boolean>,
): void {
  for (const publicKey of mine) {
    const inSet = forgingSet.has(publicKey);
    const before = previous.get(publicKey);
    previous.set(publicKey, inSet);
    if (inSet) {
      ctx.engine.set(ctx.network, 'delegate-forging-set', publicKey, undefined, ctx.now);
      if (before === false) {
        ctx.engine.event(
          ctx.network,
          'delegate-forging-set',
          publicKey,
          { level: 'info', message: `${ctx.name(publicKey)} entered the forging set.` },
          ctx.now,
        );
      }
    } else {
      const message =
        before === true
          ? `${ctx.name(publicKey)} left the forging set.`
          : `${ctx.name(publicKey)} is not in the forging set.`;
      ctx.engine.set(ctx.network, 'delegate-forging-set', publicKey, { level: 'warning', message }, ctx.now);
    }
  }
  for (const publicKey of [...previous.keys()]) if (!mine.has(publicKey)) previous.delete(publicKey);
}

/** "A delegate I vote for resigned or dropped out" of the forging set. */
export function votedDelegateRule(
  ctx: RuleContext,
  voted: ReadonlySet<string>,
  resigned: ReadonlySet<string>,
  forgingSet: ReadonlySet<string>,
): void {
  const holding = new Map<string, { level: 'warning'; message: string }>();
  for (const publicKey of voted) {
    if (resigned.has(publicKey)) {
      holding.set(publicKey, {
        level: 'warning',
        message: `${ctx.name(publicKey)}, a delegate you vote for, has resigned.`,
      });
    } else if (!forgingSet.has(publicKey)) {
      holding.set(publicKey, {
        level: 'warning',
        message: `${ctx.name(publicKey)}, a delegate you vote for, is out of the forging set.`,
      });
    }
  }
  ctx.engine.reconcile(ctx.network, 'voted-delegate', holding, ctx.now);
}

/** "My node is more than N blocks behind or stopped advancing (no new height for S seconds)". */
export function ownNodeRules(
  ctx: RuleContext,
  node: { id: string; label: string; snapshot: NodeSnapshot; lag: number | undefined },
  behindThreshold: number,
  stallSeconds: number,
): void {
  const { engine, network, now } = ctx;
  const behind =
    node.lag !== undefined && node.lag > behindThreshold
      ? { level: 'warning' as const, message: `${node.label} is ${node.lag} blocks behind.` }
      : undefined;
  engine.set(network, 'node-behind', node.id, behind, now);
  const since = node.snapshot.advancedAt;
  const stalledFor = since === undefined ? 0 : now - since;
  const stalled =
    stalledFor > stallSeconds * 1000
      ? {
          level: 'error' as const,
          message: node.snapshot.reachable
            ? `${node.label} has not advanced for ${Math.round(stalledFor / 1000)} s (height ${node.snapshot.height ?? '?'}).`
            : `${node.label} does not answer (for ${Math.round(stalledFor / 1000)} s).`,
        }
      : undefined;
  engine.set(network, 'node-stalled', node.id, stalled, now);
}

/** "A fork is seen": one alert while any watched nodes disagree. */
export function forkRule(ctx: RuleContext, forks: readonly ForkView[]): void {
  const first = forks[0];
  ctx.engine.set(
    ctx.network,
    'fork',
    'fork',
    first === undefined
      ? undefined
      : {
          level: 'error',
          message: `Fork at height ${first.height}: ${first.nodes.map((n) => `${n.id} has ${n.blockId.slice(0, 12)}…`).join(', ')}.`,
        },
    ctx.now,
  );
}

/** Arktoshi in words of the token ("1,234.5 DѦ"), for the voter alerts. */
function tokens(arktoshi: bigint, symbol: string): string {
  const magnitude = arktoshi < 0n ? -arktoshi : arktoshi;
  const whole = (magnitude / 100_000_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (magnitude % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${arktoshi < 0n ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`} ${symbol}`;
}

/**
 * "My delegate's rank changed" (delegate-rank) and "a voter of my delegate joined, left or moved a large
 * balance" (delegate-voters): one-shot alerts from DelegateWatch's changes (delegate-watch.ts).
 */
export function delegateChangeRule(
  ctx: RuleContext,
  changes: readonly DelegateChange[],
  symbol: string,
): void {
  for (const change of changes) {
    const name = ctx.name(change.publicKey);
    switch (change.kind) {
      case 'rank':
        ctx.engine.event(
          ctx.network,
          'delegate-rank',
          change.publicKey,
          {
            level: change.to > change.from ? 'warning' : 'info',
            message: `${name} moved from rank ${change.from} to rank ${change.to}.`,
          },
          ctx.now,
        );
        break;
      case 'joined':
      case 'left':
        ctx.engine.event(
          ctx.network,
          'delegate-voters',
          `${change.publicKey}:${change.address}`,
          {
            level: change.kind === 'left' ? 'warning' : 'info',
            message:
              change.kind === 'joined'
                ? `${change.address} now votes for ${name} with ${tokens(change.balance, symbol)}.`
                : `${change.address} no longer votes for ${name} (it had ${tokens(change.balance, symbol)}).`,
          },
          ctx.now,
        );
        break;
      case 'balance': {
        const moved = change.to - change.from;
        ctx.engine.event(
          ctx.network,
          'delegate-voters',
          `${change.publicKey}:${change.address}`,
          {
            level: moved < 0n ? 'warning' : 'info',
            message: `${change.address}, a voter of ${name}, ${moved < 0n ? 'moved out' : 'received'} ${tokens(moved < 0n ? -moved : moved, symbol)} (now ${tokens(change.to, symbol)}).`,
          },
          ctx.now,
        );
        break;
      }
      case 'more':
        ctx.engine.event(
          ctx.network,
          'delegate-voters',
          `${change.publicKey}:more`,
          { level: 'info', message: `${change.count} more changes among the voters of ${name}.` },
          ctx.now,
        );
        break;
    }
  }
}
