import { ProtocolError } from '../errors';
import type { Network } from '../networks';
import { slotInfo, spansUpTo, type BlockTimestampLookup } from '../time';
import { roundInfo } from './round-info';

/** A round delegate given either as its public key or as an object carrying it. */
export type RoundDelegate = string | { publicKey: string };

function publicKeyOf(delegate: RoundDelegate | undefined): string | undefined {
  return typeof delegate === 'string' ? delegate : delegate?.publicKey;
}

/**
 * Index in the shuffled round list of the delegate owning a slot: (slotNumber − lastSpanSlotNumber) mod
 * activeDelegates. The index comes from the absolute slot number, not the block's position in the round (§7).
 */
export function forgerIndex(slot: number, activeDelegates: number, lastSpanSlotNumber = 0): number {
  if (!Number.isInteger(activeDelegates) || activeDelegates < 1) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `activeDelegates must be a positive integer, got ${activeDelegates}`,
    );
  }
  const index = (slot - lastSpanSlotNumber) % activeDelegates;
  return index < 0 ? index + activeDelegates : index;
}

/** core-kernel `calculateForgingInfo`, plus the owners' keys when the round list is given. */
export interface ForgingInfo {
  currentForger: number;
  nextForger: number;
  /** Start of the slot: the timestamp a forger gives its block. */
  blockTimestamp: number;
  canForge: boolean;
  currentForgerPublicKey?: string;
  nextForgerPublicKey?: string;
}

/**
 * First slot of the last activeDelegates span (0 while the count never changed): the slot of the first block
 * after the change (protocol reference §7).
 */
function lastSpanSlotNumber(network: Network, height: number, blockTimestamp?: BlockTimestampLookup): number {
  const spans = spansUpTo(network, 'activeDelegates', height);
  const current = spans[spans.length - 1]!;
  if (spans.length === 1) return 0;
  if (!blockTimestamp) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `activeDelegates changed at height ${current.startHeight}: forger order needs that block's timestamp`,
    );
  }
  const start = current.startHeight;
  return slotInfo(blockTimestamp(start), network, start, blockTimestamp).slotNumber;
}

/**
 * Who owns the slot of `timestamp` at `height`, who owns the next one, the slot's start time and whether it is
 * still in its forging half. `roundDelegates` is the shuffled list of the round (may be empty when only the
 * indexes are wanted).
 */
export function forgingInfo(
  timestamp: number,
  height: number,
  roundDelegates: readonly RoundDelegate[],
  network: Network,
  blockTimestamp?: BlockTimestampLookup,
): ForgingInfo {
  const { maxDelegates } = roundInfo(height, network);
  const slot = slotInfo(timestamp, network, height, blockTimestamp);
  const currentForger = forgerIndex(
    slot.slotNumber,
    maxDelegates,
    lastSpanSlotNumber(network, height, blockTimestamp),
  );
  const nextForger = (currentForger + 1) % maxDelegates;
  const info: ForgingInfo = {
    currentForger,
    nextForger,
    blockTimestamp: slot.startTime,
    canForge: slot.forgingStatus,
  };
  const current = publicKeyOf(roundDelegates[currentForger]);
  const next = publicKeyOf(roundDelegates[nextForger]);
  if (current !== undefined) info.currentForgerPublicKey = current;
  if (next !== undefined) info.nextForgerPublicKey = next;
  return info;
}

export interface MissedSlot {
  slot: number;
  publicKey: string;
}

/**
 * Slots skipped between the previous block's slot and the new block's slot, each charged to
 * `roundDelegates[slot mod n]`; at most n are reported (core-state `detectMissedBlocks`, §7).
 */
export function missedSlots(
  previousSlot: number,
  newSlot: number,
  roundDelegates: readonly RoundDelegate[],
): MissedSlot[] {
  const n = roundDelegates.length;
  if (n === 0) return [];
  const count = Math.min(newSlot - previousSlot - 1, n);
  const missed: MissedSlot[] = [];
  for (let i = 0; i < count; i++) {
    const slot = previousSlot + i + 1;
    const publicKey = publicKeyOf(roundDelegates[((slot % n) + n) % n]);
    if (publicKey !== undefined) missed.push({ slot, publicKey });
  }
  return missed;
}
