import { ProtocolError } from '../errors';
import type { Network } from '../networks';
import { milestoneSpans, spansUpTo, type MilestoneSpan } from './spans';

/** `getSlotInfo` of the reference (protocol reference §7); all times are epoch seconds. */
export interface SlotInfo {
  startTime: number;
  endTime: number;
  blockTime: number;
  slotNumber: number;
  /** True during the first half of the slot: a forger may still produce the slot's block. */
  forgingStatus: boolean;
}

/**
 * The timestamp (epoch seconds) of the block at a height. Only needed when blocktime changed at some milestone
 * below the height in question: slots are then counted per span from real block timestamps (§7).
 */
export type BlockTimestampLookup = (height: number) => number;

/** Slot of a timestamp with one blocktime for the whole chain (true on every preset). */
export function slotNumber(timestamp: number, blocktime: number): number {
  return Math.floor(timestamp / blocktime);
}

/** First second of a slot with one blocktime for the whole chain. */
export function slotStartTime(slot: number, blocktime: number): number {
  return slot * blocktime;
}

interface SpanOrigin {
  /** Slots completed in earlier spans. */
  slotsBefore: number;
  /** Epoch second at which the current span's slot 0 starts. */
  spanStart: number;
  blocktime: number;
}

function requireHeight(network: Network, height: number | undefined): number {
  if (height !== undefined) return height;
  if (milestoneSpans(network, 'blocktime').length > 1) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `network ${network.network.name} changes blocktime at a milestone: slot arithmetic needs a height`,
    );
  }
  return 1;
}

/**
 * Where the slot count of the span containing `height` starts. For each earlier span, slots +=
 * floor((ts(lastBlockOfSpan) + oldBlocktime − ts(firstBlockOfSpan)) / oldBlocktime) and the current span counts
 * from the end of the last one (protocol reference §7).
 */
function spanOrigin(network: Network, height: number, blockTimestamp?: BlockTimestampLookup): SpanOrigin {
  const spans: MilestoneSpan[] = spansUpTo(network, 'blocktime', height);
  const current = spans[spans.length - 1]!;
  if (spans.length === 1) return { slotsBefore: 0, spanStart: 0, blocktime: current.value };
  if (!blockTimestamp) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `blocktime changed at height ${current.startHeight}: slot arithmetic needs the block timestamps of each span`,
    );
  }
  let slotsBefore = 0;
  let spanStart = 0;
  for (let i = 0; i < spans.length - 1; i++) {
    const span = spans[i]!;
    const next = spans[i + 1]!;
    const first = blockTimestamp(span.startHeight);
    const last = blockTimestamp(next.startHeight - 1);
    slotsBefore += Math.floor((last + span.value - first) / span.value);
    spanStart = last + span.value;
  }
  return { slotsBefore, spanStart, blocktime: current.value };
}

/**
 * Slot information for an epoch timestamp at a height (the height selects the blocktime milestone). `height`
 * may be omitted on networks with a single blocktime.
 */
export function slotInfo(
  timestamp: number,
  network: Network,
  height?: number,
  blockTimestamp?: BlockTimestampLookup,
): SlotInfo {
  const origin = spanOrigin(network, requireHeight(network, height), blockTimestamp);
  const blockTime = origin.blocktime;
  const inSpan = Math.floor((timestamp - origin.spanStart) / blockTime);
  const startTime = origin.spanStart + inSpan * blockTime;
  return {
    startTime,
    endTime: startTime + blockTime - 1,
    blockTime,
    slotNumber: origin.slotsBefore + inSpan,
    forgingStatus: timestamp < startTime + Math.floor(blockTime / 2),
  };
}

/** Start time (epoch seconds) of a slot number, span aware like `slotInfo` (`Slots.getSlotTime`). */
export function slotTime(
  slot: number,
  network: Network,
  height?: number,
  blockTimestamp?: BlockTimestampLookup,
): number {
  const origin = spanOrigin(network, requireHeight(network, height), blockTimestamp);
  return origin.spanStart + (slot - origin.slotsBefore) * origin.blocktime;
}

/** `Slots.isForgingAllowed`: the first half of the slot containing the timestamp. */
export function isForgingAllowed(
  timestamp: number,
  network: Network,
  height?: number,
  blockTimestamp?: BlockTimestampLookup,
): boolean {
  return slotInfo(timestamp, network, height, blockTimestamp).forgingStatus;
}
