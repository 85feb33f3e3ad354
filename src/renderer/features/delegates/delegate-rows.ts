/**
 * The Delegates screen's rows: `chain:delegates` (rank, votes, approval, produced, forged totals)
 * joined by public key with the monitor's productivity (missed, productivity %), split into the forging set and
 * standby. Missed slots are the monitor's own computation (the ARK API has none), so a delegate the monitor has
 * no data for shows "—", never 0.
 */
import type { DelegateView } from '../../../shared/domain/chain-views';
import type { DelegateProductivityView, ProductivityView } from '../../../shared/domain/monitor';

export interface DelegateRow extends DelegateView {
  missed: number | undefined;
  productivity: number | undefined;
  /** Unix ms of the last block the monitor saw from this delegate. */
  lastBlockAt: number | undefined;
}

export function joinProductivity(
  delegates: readonly DelegateView[],
  productivity: ProductivityView | undefined,
): DelegateRow[] {
  const byKey = new Map<string, DelegateProductivityView>(
    (productivity?.delegates ?? []).map((entry) => [entry.publicKey, entry]),
  );
  return delegates.map((delegate) => {
    const entry = byKey.get(delegate.publicKey);
    return {
      ...delegate,
      missed: entry?.missed,
      productivity: entry?.productivity,
      lastBlockAt: entry?.lastBlock?.timestamp,
    };
  });
}

/** Ranks 1…activeDelegates forge; the rest (and resigned delegates, which have no rank) stand by. */
export function splitForgingSet<T extends { rank?: number | undefined; isResigned: boolean }>(
  rows: readonly T[],
  activeDelegates: number,
): { active: T[]; standby: T[] } {
  const inSet = (row: T) => !row.isResigned && row.rank !== undefined && row.rank <= activeDelegates;
  return { active: rows.filter(inSet), standby: rows.filter((row) => !inSet(row)) };
}

export function formatProductivity(value: number | undefined): string {
  return value === undefined ? '—' : `${value.toFixed(2)}%`;
}

/** Productivity below this is flagged in the table (a delegate missing more than one slot in ten). */
export const LOW_PRODUCTIVITY = 90;

/**
 * Hourly buckets of a delegate's slots for its history chart: produced and missed per hour, from block and
 * missed-slot times the monitor recorded. Hours before `coveredSince` are left out (no data, not zero).
 */
export function hourlyHistory(
  producedAt: readonly number[],
  missedAt: readonly number[],
  from: number,
  to: number,
  coveredSince: number | undefined,
): { hours: number[]; produced: Array<number | null>; missed: Array<number | null> } {
  const HOUR = 3_600_000;
  const start = Math.floor(Math.max(from, coveredSince ?? from) / HOUR) * HOUR;
  const hours: number[] = [];
  for (let at = start; at <= to; at += HOUR) hours.push(at);
  const count = (times: readonly number[]) =>
    hours.map((hour) => times.filter((time) => time >= hour && time < hour + HOUR).length);
  return { hours, produced: count(producedAt), missed: count(missedAt) };
}
