import { milestoneAt, milestoneHeights, type Network } from '../networks';

/** A run of heights over which a numeric milestone key (blocktime, activeDelegates) keeps one value. */
export interface MilestoneSpan {
  /** First height at which `value` applies. */
  startHeight: number;
  value: number;
}

type SpanKey = 'blocktime' | 'activeDelegates';

const cache = new WeakMap<object, Map<SpanKey, MilestoneSpan[]>>();

/**
 * The spans of a milestone key, in height order (`getNextMilestoneWithNewKey` of the reference walks the same
 * list). Slots and rounds are counted per span when blocktime or activeDelegates change (protocol reference §7).
 */
export function milestoneSpans(network: Network, key: SpanKey): MilestoneSpan[] {
  let byKey = cache.get(network.milestones);
  if (!byKey) {
    byKey = new Map();
    cache.set(network.milestones, byKey);
  }
  let spans = byKey.get(key);
  if (!spans) {
    spans = [];
    for (const height of milestoneHeights(network)) {
      const value = milestoneAt(network, height)[key];
      const last = spans[spans.length - 1];
      if (!last || last.value !== value) spans.push({ startHeight: Math.max(height, 1), value });
    }
    byKey.set(key, spans);
  }
  return spans;
}

/** The spans that have started at or before `height`. */
export function spansUpTo(network: Network, key: SpanKey, height: number): MilestoneSpan[] {
  return milestoneSpans(network, key).filter((span, index) => index === 0 || span.startHeight <= height);
}
