/**
 * The current round, slot by slot. The round is the one the next
 * block belongs to. Its slots run from the slot after the previous round's last block: each recorded block's
 * slot is `forged`, the slots skipped before it `missed` (at most one round's worth per gap, as ARK counts),
 * the running slot `current` (or `forged` once its block is in), then as many `upcoming` slots as the round
 * still needs blocks — projected as if nobody misses. So the list has activeDelegates entries plus one per miss
 * (one fewer in round 1, whose genesis block has no slot). A block whose predecessor the ledger does not hold
 * is listed as forged without the misses before it (they are unknown).
 */
import type { RoundView, RoundSlotView } from '../../shared/domain/monitor';
import type { Network } from '../protocol/networks';
import { roundInfo, shuffleDelegates } from '../protocol/rounds';
import { currentSlot, missesBefore, slotOwner, slotStartMs } from './schedule';
import type { LedgerBlock } from '../db/monitor/ledger';

export interface RoundInput {
  network: Network;
  now: number;
  /** The node's tip. */
  tip: LedgerBlock;
  /** Recorded blocks from the previous round's last one up to the tip (gaps allowed, oldest first). */
  blocks: readonly LedgerBlock[];
  /** The round's forging order and rank order. */
  order: readonly string[];
  ranked: readonly string[];
  usernames: ReadonlyMap<string, string>;
  /** The delegate whose next slot to time (public key, already resolved). */
  delegate?: string;
}

export function buildRoundView(input: RoundInput): RoundView {
  const { network, now, tip, order, usernames } = input;
  const nextHeight = tip.height + 1;
  const { round, roundHeight, maxDelegates: n } = roundInfo(nextHeight, network);
  const lastHeight = roundHeight + n - 1;
  const name = (publicKey: string) => {
    const username = usernames.get(publicKey);
    return username === undefined ? {} : { username };
  };
  const slot = (number: number, state: RoundSlotView['state'], block?: LedgerBlock): RoundSlotView => {
    const owner = slotOwner(number, nextHeight, order, network);
    return {
      slot: number,
      index: owner.index,
      publicKey: owner.publicKey,
      ...name(owner.publicKey),
      startsAt: slotStartMs(number, nextHeight, network),
      state,
      ...(block === undefined ? {} : { blockId: block.id, height: block.height }),
    };
  };
  const slots: RoundSlotView[] = [];
  const inRound = input.blocks.filter(
    (block) => block.height >= roundHeight - 1 && block.height <= tip.height,
  );
  for (let i = 0; i < inRound.length; i++) {
    const block = inRound[i]!;
    // The genesis block (round 1) has no slot of its own: it carries the epoch as its timestamp.
    if (block.height < roundHeight || block.height === 1) continue;
    const previous = inRound[i - 1];
    if (previous !== undefined && previous.height === block.height - 1) {
      for (const miss of missesBefore(previous, block, order, network)) slots.push(slot(miss.slot, 'missed'));
    }
    slots.push(slot(block.slot, 'forged', block));
  }
  const running = currentSlot(now, nextHeight, network);
  let remaining = lastHeight - tip.height;
  let nextFree = running + 1;
  if (running > tip.slot) {
    // The open gap: slots that passed since the tip without a block (the latest round's worth).
    for (let s = Math.max(tip.slot + 1, running - n); s < running; s++) slots.push(slot(s, 'missed'));
    slots.push(slot(running, 'current'));
    remaining -= 1;
  } else {
    nextFree = tip.slot + 1;
  }
  for (let k = 0; k < remaining; k++) slots.push(slot(nextFree + k, 'upcoming'));
  const current = slotOwner(running, nextHeight, order, network).publicKey;
  const upcoming = slots.filter((entry) => entry.startsAt > now);
  const next = upcoming[0];
  const view: RoundView = {
    round,
    firstHeight: roundHeight,
    lastHeight,
    activeDelegates: n,
    blockTime: Math.round(
      (slotStartMs(running + 1, nextHeight, network) - slotStartMs(running, nextHeight, network)) / 1000,
    ),
    slots,
    currentSlot: running,
    currentForger: { publicKey: current, ...name(current) },
    now,
  };
  if (next !== undefined) {
    view.nextForger = { publicKey: next.publicKey, ...name(next.publicKey), startsAt: next.startsAt };
  }
  if (input.delegate !== undefined) view.delegate = delegateTiming(input, upcoming, slots, round, nextHeight);
  return view;
}

function delegateTiming(
  input: RoundInput,
  upcoming: readonly RoundSlotView[],
  slots: readonly RoundSlotView[],
  round: number,
  nextHeight: number,
): NonNullable<RoundView['delegate']> {
  const publicKey = input.delegate!;
  const username = input.usernames.get(publicKey);
  const base = { publicKey, ...(username === undefined ? {} : { username }) };
  if (!input.order.includes(publicKey)) return { ...base, inForgingSet: false };
  const mine = upcoming.find((entry) => entry.publicKey === publicKey);
  if (mine !== undefined) {
    return {
      ...base,
      inForgingSet: true,
      nextSlot: mine.slot,
      nextSlotAt: mine.startsAt,
      inMs: mine.startsAt - input.now,
      predicted: false,
    };
  }
  // Already forged (or missed) in this round: its slot in the next round, whose order is the current ranking
  // shuffled for round + 1 (it changes only if votes move the ranking before then).
  const nextOrder = shuffleDelegates(input.ranked, round + 1);
  const lastSlot = slots[slots.length - 1]?.slot ?? currentSlot(input.now, nextHeight, input.network);
  const n = nextOrder.length;
  for (let s = lastSlot + 1; s <= lastSlot + n; s++) {
    const owner = slotOwner(s, nextHeight, nextOrder, input.network);
    if (owner.publicKey === publicKey) {
      const at = slotStartMs(s, nextHeight, input.network);
      return {
        ...base,
        inForgingSet: true,
        nextSlot: s,
        nextSlotAt: at,
        inMs: at - input.now,
        predicted: true,
      };
    }
  }
  return { ...base, inForgingSet: true };
}
