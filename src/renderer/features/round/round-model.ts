/**
 * The round timeline's view model: the 21 slots as the monitor rebuilt them, with words for each
 * state (colour is never the only cue), and countdowns that run on the host's clock: `round.now` is the host's
 * time when it answered, so the renderer keeps the offset rather than trusting its own clock.
 */
import type { RoundSlotView, RoundView, SlotState } from '../../../shared/domain/monitor';

export const SLOT_STATE_LABELS: Record<SlotState, string> = {
  forged: 'Forged',
  missed: 'Missed',
  current: 'Forging now',
  upcoming: 'Upcoming',
};

/** Host time minus local time, from an answer received at `receivedAt` (local ms). */
export function clockOffset(round: Pick<RoundView, 'now'>, receivedAt: number): number {
  return round.now - receivedAt;
}

/** "now", "8 s", "1 min 05 s", "2 h 03 min". */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return 'now';
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/**
 * When a chosen delegate forges next, in words. A slot of this round is certain by the clock (a slot's delegate is
 * fixed by its number); one in the next round is a prediction (`predicted`): that round's order is today's ranking
 * shuffled, and its first slot moves later with every slot missed before it.
 */
export function countdownWords(delegate: NonNullable<RoundView['delegate']>, now: number): string {
  const name = delegate.username ?? 'This delegate';
  if (!delegate.inForgingSet || delegate.nextSlotAt === undefined)
    return `${name} is not in the forging set.`;
  const wait = formatCountdown(delegate.nextSlotAt - now);
  return delegate.predicted === true
    ? `${name} forges next round, in about ${wait} if the ranking holds and no slot before it is missed`
    : `${name} forges in ${wait}`;
}

export function slotName(slot: Pick<RoundSlotView, 'username' | 'publicKey'>): string {
  return slot.username ?? `${slot.publicKey.slice(0, 10)}…`;
}

/** The accessible description of one slot: "Slot 3 of 21: genesis_5, missed". */
export function describeSlot(slot: RoundSlotView, total: number): string {
  const height = slot.height === undefined ? '' : `, block ${slot.height}`;
  return `Slot ${slot.index + 1} of ${total}: ${slotName(slot)}, ${SLOT_STATE_LABELS[slot.state].toLowerCase()}${height}`;
}

export function countStates(slots: readonly RoundSlotView[]): Record<SlotState, number> {
  const counts: Record<SlotState, number> = { forged: 0, missed: 0, current: 0, upcoming: 0 };
  for (const slot of slots) counts[slot.state] += 1;
  return counts;
}

/**
 * The round in one line whose numbers add up: a round is `activeDelegates` blocks (forged + to come), and missed
 * slots come on top (a missed slot does not use up a block of the round, it delays it), so the timeline lists
 * blocks + missed slots.
 */
export function roundSummary(
  slots: readonly RoundSlotView[],
  round: { firstHeight: number; activeDelegates: number; blockTime: number },
): string {
  const counts = countStates(slots);
  const toCome = counts.current + counts.upcoming;
  const missed =
    counts.missed === 0
      ? 'no slot missed'
      : `${counts.missed} ${counts.missed === 1 ? 'slot' : 'slots'} missed`;
  // Round 1 holds the genesis block, which has no slot of its own (it carries the epoch as its timestamp).
  const genesis = round.firstHeight === 1 ? 'the genesis block + ' : '';
  return `${round.activeDelegates} blocks: ${genesis}${counts.forged} forged + ${toCome} to come · ${missed} · ${slots.length} slots of ${round.blockTime} s`;
}

/**
 * Which delegate the countdown follows when the user has not chosen one: the first of "my delegates" (settings
 * hold usernames or public keys) that forges in this round.
 */
export function defaultCountdownDelegate(
  myDelegates: readonly string[],
  slots: readonly RoundSlotView[],
): string | undefined {
  for (const mine of myDelegates) {
    const slot = slots.find((s) => s.publicKey === mine || s.username === mine);
    if (slot !== undefined) return slot.publicKey;
  }
  return undefined;
}

/**
 * Each forger once, in forging order. A round is activeDelegates blocks, so when slots are missed it spans more
 * slots than that and the first forgers come round again.
 */
export function uniqueForgers(slots: readonly RoundSlotView[]): RoundSlotView[] {
  const seen = new Set<string>();
  return slots.filter((slot) => !seen.has(slot.publicKey) && seen.add(slot.publicKey));
}
