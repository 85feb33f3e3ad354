/**
 * Slot arithmetic of the monitor, all from the protocol library (protocol reference §7): the slot of a block,
 * when a slot starts, who owns it, and which slots a gap between two blocks skipped. A slot's owner is
 * roundOrder[forgerIndex(slot)] where the round is the round of the NEXT block's height — exactly how the
 * forger (src/core/node/forger) and ARK's slot check choose the forger, so a derived miss is charged to the
 * delegate that really held the slot.
 */
import type { Network } from '../protocol/networks';
import { forgingInfo, missedSlots, roundInfo } from '../protocol/rounds';
import { epochTimestamp, slotInfo, slotTime, unixMsFromEpoch } from '../protocol/time';

/** Slot number of an epoch timestamp at a height. */
export function slotAt(epochSeconds: number, height: number, network: Network): number {
  return slotInfo(epochSeconds, network, height).slotNumber;
}

/** The slot running at a Unix time, for the block that would come at `height`. */
export function currentSlot(unixMs: number, height: number, network: Network): number {
  return slotAt(epochTimestamp(unixMs, network), height, network);
}

/** Unix ms at which a slot starts. */
export function slotStartMs(slot: number, height: number, network: Network): number {
  return unixMsFromEpoch(slotTime(slot, network, height), network);
}

/** Index in the round's forging order of the delegate owning a slot (span aware through forgingInfo). */
export function slotIndex(slot: number, height: number, network: Network): number {
  return forgingInfo(slotTime(slot, network, height), height, [], network).currentForger;
}

export interface OwnedSlot {
  slot: number;
  index: number;
  publicKey: string;
}

export function slotOwner(
  slot: number,
  height: number,
  order: readonly string[],
  network: Network,
): OwnedSlot {
  const index = slotIndex(slot, height, network);
  const publicKey = order[index];
  if (publicKey === undefined) {
    throw new Error(`the forging order of height ${height} has no delegate at index ${index}`);
  }
  return { slot, index, publicKey };
}

export interface DerivedMiss {
  slot: number;
  round: number;
  /** Unix ms of the slot start. */
  at: number;
  publicKey: string;
  /** Height of the block that closed the gap. */
  height: number;
}

/**
 * The slots skipped between a block (previousSlot) and the next one (height, slot). Like ARK's
 * detectMissedBlocks (core-state, via protocol `missedSlots`) a gap charges at most one round's worth of
 * slots: a chain that stood still for hours (localnet closed, forging paused) costs every delegate one miss,
 * not thousands. The gap after the genesis block (timestamp 0, the epoch) is no miss at all.
 */
export function missesBefore(
  previous: { height: number; slot: number },
  block: { height: number; slot: number },
  order: readonly string[],
  network: Network,
): DerivedMiss[] {
  if (previous.height <= 1) return [];
  const round = roundInfo(block.height, network).round;
  return missedSlots(previous.slot, block.slot, order).map((miss) => ({
    slot: miss.slot,
    round,
    at: slotStartMs(miss.slot, block.height, network),
    publicKey: slotOwner(miss.slot, block.height, order, network).publicKey,
    height: block.height,
  }));
}
