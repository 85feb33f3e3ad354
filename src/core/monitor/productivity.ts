/**
 * Produced, missed and productivity per delegate over the last hour, day or week, from the
 * ledger. productivity = produced / (produced + missed) × 100 over the slots the ledger covers: a window that
 * reaches further back than monitoring does is counted from `coveredSince` and says so.
 */
import type { ProductivityView, ProductivityWindow } from '../../shared/domain/monitor';
import type { Ledger } from '../db/monitor/ledger';

export const WINDOW_MS: Record<ProductivityWindow, number> = {
  hour: 3_600_000,
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
};

export interface DelegateInfo {
  username?: string;
  rank?: number;
}

export function productivity(
  ledger: Ledger,
  networkId: string,
  window: ProductivityWindow,
  now: number,
  /** The current forging set and any delegate known by name: listed even with no activity in the window. */
  known: ReadonlyMap<string, DelegateInfo>,
  forgingSet: readonly string[],
): ProductivityView {
  const from = now - WINDOW_MS[window];
  const coveredFrom = ledger.coveredFrom(networkId);
  const coveredSince = coveredFrom === undefined ? undefined : ledger.block(networkId, coveredFrom)?.at;
  // +1: a block at exactly `now` counts.
  const tallies = ledger.tallies(networkId, from, now + 1);
  const lastBlocks = ledger.lastBlockByGenerator(networkId);
  const keys = new Set([...forgingSet, ...tallies.keys()]);
  const delegates = [...keys].map((publicKey) => {
    const tally = tallies.get(publicKey);
    const info = known.get(publicKey);
    const produced = tally?.produced ?? 0;
    const missed = tally?.missed ?? 0;
    const last = lastBlocks.get(publicKey);
    return {
      publicKey,
      ...(info?.username === undefined ? {} : { username: info.username }),
      ...(info?.rank === undefined ? {} : { rank: info.rank }),
      produced,
      missed,
      ...(produced + missed === 0
        ? {}
        : { productivity: Math.round((produced / (produced + missed)) * 10_000) / 100 }),
      ...(last === undefined ? {} : { lastBlock: { height: last.height, timestamp: last.at } }),
    };
  });
  delegates.sort(
    (a, b) =>
      (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
      (a.username ?? a.publicKey).localeCompare(b.username ?? b.publicKey),
  );
  return { window, from, to: now, ...(coveredSince === undefined ? {} : { coveredSince }), delegates };
}
