/**
 * The node monitor's reads (its round, productivity, missed slots, watched nodes and their samples), on the read
 * layer: each key names what the read asks for and the tick of what it moves with — the monitor's `monitor:update`
 * topics (store/monitor-slice.ts `monitorVersion`, with the active network: store/host-changes.ts) and new blocks —
 * so a screen follows the monitor without a reload, and an answer for an older key is dropped.
 */
import { useState } from 'react';
import type {
  MissedSlotView,
  ProductivityView,
  ProductivityWindow,
  RoundView,
} from '../../../shared/domain/monitor';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { changeTick, type HostChange } from '../../store/host-changes';
import { useLatest } from '../use-read';
import { useThrottled } from '../use-throttled';
import { sharedRead, useSharedLatest } from './shared-read';

/** The round moves with each block and with the monitor's round and block records. */
export const ROUND_MOVES_WITH: readonly HostChange[] = [
  'network',
  'block',
  'monitor-round',
  'monitor-blocks',
];
/** Watched nodes are sampled once per poll (`nodes`); reading more than every 5 s shows nothing new. */
export const NODES_MOVE_WITH: readonly HostChange[] = ['monitor-nodes'];
export const NODES_PACE_MS = 5_000;

/** The monitor's productivity of every delegate over `span`, shared by the screens reading it at `tick`. */
export function readProductivity(span: ProductivityWindow, tick: string): Promise<ProductivityView> {
  return sharedRead(`monitor:productivity:${span}#${tick}`, () =>
    call('monitor:productivity', { window: span }),
  );
}

/** The latest `limit` missed slots of a delegate, shared at `tick`. */
export function readMissedSlots(publicKey: string, limit: number, tick: string): Promise<MissedSlotView[]> {
  return sharedRead(`monitor:missed-slots:${publicKey}:${limit}#${tick}`, () =>
    call('monitor:missed-slots', { delegate: publicKey, limit }),
  );
}

/** The monitor's productivity of every delegate over `span`, read again at each `tick`. */
export function useProductivity(span: ProductivityWindow, tick: string) {
  return useSharedLatest(() => readProductivity(span, tick), `${span}#${tick}`);
}

/** One delegate's productivity over each of `spans` and its latest `limit` missed slots, read at each `tick`. */
export function useDelegateProductivity(
  publicKey: string,
  spans: readonly ProductivityWindow[],
  limit: number,
  tick: string,
) {
  return useSharedLatest(
    () =>
      Promise.all([
        Promise.all(spans.map((span) => readProductivity(span, tick))),
        readMissedSlots(publicKey, limit, tick),
      ]),
    `${publicKey}:${spans.join(',')}:${limit}#${tick}`,
  );
}

/**
 * The current round, timed for the next slot of the delegate `choose` picks from the last round read (the person's
 * choice, or one of theirs in it): read again on every block and monitor round update of the active network, and
 * at each `pulse` besides (a slot that passes without a block turns "missed" while no block arrives). The answer
 * says when it arrived, for the host's clock offset.
 */
export function useRound(choose: (lastSlots: RoundView['slots']) => string | undefined, pulse: number) {
  const moved = useVotary((state) => changeTick(state, ROUND_MOVES_WITH));
  const [lastSlots, setLastSlots] = useState<RoundView['slots']>([]);
  const target = choose(lastSlots);
  const read = useLatest(
    () =>
      call('monitor:round', target === undefined ? undefined : { delegate: target }).then((round) => {
        setLastSlots(round.slots);
        return { round, receivedAt: Date.now() };
      }),
    `${target ?? ''}#${moved}|${pulse}`,
  );
  return { read, target };
}

/** What the watched nodes' reads move with: the monitor's polls of the active network, at most every 5 s. */
export function useNodesTick(): string {
  return useThrottled(
    useVotary((state) => changeTick(state, NODES_MOVE_WITH)),
    NODES_PACE_MS,
  );
}

/**
 * The monitor's overview (watched nodes, best height, forks) at `tick`. Not shared: adding or removing a watched
 * node answers with the new overview (`replace`), which a kept answer would not know.
 */
export function useMonitorOverview(tick: string) {
  return useLatest(() => call('monitor:overview'), `monitor:overview#${tick}`);
}

/** One watched node's samples over the last `rangeMs`, at `tick`. */
export function useMonitorSamples(nodeId: string | undefined, rangeMs: number, tick: string) {
  return useSharedLatest(
    nodeId === undefined ? undefined : () => call('monitor:samples', { nodeId, since: Date.now() - rangeMs }),
    `monitor:samples:${nodeId}:${rangeMs}#${tick}`,
  );
}
