import { ProtocolError } from '../errors';
import type { Network } from '../networks';
import { spansUpTo, type MilestoneSpan } from '../time';

/** `calculateRound` of core-kernel (protocol reference §7). */
export interface RoundInfo {
  round: number;
  /** First height of the round. */
  roundHeight: number;
  /** `round + 1` exactly at the last height of a round, else `round`. */
  nextRound: number;
  maxDelegates: number;
}

/** activeDelegates as a plain count (one span) or as a network whose milestones may change it. */
export type ActiveDelegatesSource = number | Network;

function checkHeight(height: number): void {
  if (!Number.isInteger(height) || height < 1) {
    throw new ProtocolError('ERR_BLOCK', `height must be a positive integer, got ${height}`);
  }
}

function delegateSpans(source: ActiveDelegatesSource, height: number): MilestoneSpan[] {
  const spans =
    typeof source === 'number'
      ? [{ startHeight: 1, value: source }]
      : spansUpTo(source, 'activeDelegates', height);
  for (const span of spans) {
    if (!Number.isInteger(span.value) || span.value < 1) {
      throw new ProtocolError('ERR_BLOCK', `activeDelegates must be a positive integer, got ${span.value}`);
    }
  }
  return spans;
}

/**
 * Round of a height. With one span: round = floor((h − 1) / n) + 1. When a milestone changes activeDelegates the
 * earlier spans contribute whole rounds; the config validator guarantees (h_new − h_prev) % n_prev == 0.
 */
export function roundInfo(height: number, activeDelegates: ActiveDelegatesSource): RoundInfo {
  checkHeight(height);
  const spans = delegateSpans(activeDelegates, height);
  let round = 1;
  for (let i = 0; i < spans.length - 1; i++) {
    const span = spans[i]!;
    const length = spans[i + 1]!.startHeight - span.startHeight;
    if (length % span.value !== 0) {
      throw new ProtocolError(
        'ERR_BLOCK',
        `activeDelegates changes at height ${spans[i + 1]!.startHeight}, which is not a round boundary`,
      );
    }
    round += length / span.value;
  }
  const current = spans[spans.length - 1]!;
  const n = current.value;
  const fromSpan = height - current.startHeight;
  const increase = Math.floor(fromSpan / n);
  round += increase;
  return {
    round,
    roundHeight: current.startHeight + increase * n,
    nextRound: (fromSpan + 1) % n === 0 ? round + 1 : round,
    maxDelegates: n,
  };
}

/** First height of a round: `h == 1 || (h − spanStart) % n == 0` (core-kernel `isNewRound`). */
export function isNewRound(height: number, activeDelegates: ActiveDelegatesSource): boolean {
  checkHeight(height);
  const spans = delegateSpans(activeDelegates, height);
  const current = spans[spans.length - 1]!;
  return height === 1 || (height - current.startHeight) % current.value === 0;
}
